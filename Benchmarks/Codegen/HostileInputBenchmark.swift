import Domain
import Foundation
import GraphQLCodegen
import GraphQLLanguage
import GraphQLPlanning
import GraphQLValidation
import Presentation

/// `--hostile`: the work hostile input costs (issue 22 item 2), each case at sizes that double
/// until one takes longer than `ceiling` seconds; then the larger sizes are skipped, so a
/// quadratic or exponential build shows its growth without running for hours. Numbers only.
enum HostileInputBenchmark {
    struct Case: Sendable {
        let name: String
        let sizes: [Int]
        let run: @Sendable (Int) -> String
    }

    static let schema: Schema = {
        let sdl = """
            type Query { dog: Dog placeholder: String }
            interface Pet { name: String }
            type Cat implements Pet { name: String lives: Int pet: Pet }
            type Hamster implements Pet { name: String }
            type Dog { name: String barkVolume: Int friend: Dog owner: Dog pet: Pet }
            """
        do { return try Schema.parse(sdl, sourceName: "bench.graphqls") } catch { fatalError("bench schema: \(error)") }
    }()

    static func validate(_ text: String) -> String {
        let diagnostics = Validator.validate(sources: [(name: "bench.graphql", text: text)], against: schema)
        return diagnostics.isEmpty ? "valid" : "\(diagnostics.count) diagnostic(s): \(diagnostics[0].message.prefix(60))"
    }

    static func generate(_ text: String) -> String {
        switch CodeGenerator.generate(sources: [(name: "bench.graphql", text: text)], schema: schema) {
        case .success(let files): return "\(files.reduce(0) { $0 + $1.contents.utf8.count }) bytes generated"
        case .failure(let errors): return "refused: \(errors.diagnostics.first?.message.prefix(60) ?? "")"
        }
    }

    static func plan(_ text: String) -> String {
        do {
            let document = try Parser.parse(text, sourceName: "bench.graphql")
            guard let operation = document.operations.first else { return "no operation" }
            switch ClientOperationPlanner.plan(operation, sourceName: "bench.graphql", documents: [document], schema: schema) {
            case .success(let plan): return "\(plan.fields.count) root field(s)"
            case .failure(let errors): return "refused: \(errors.diagnostics.first?.message.prefix(60) ?? "")"
            }
        } catch {
            return "syntax error"
        }
    }

    /// `operation` (which spreads `F0`) and `levels` fragments on `Dog`, each spreading the next
    /// twice, side by side or `inFields` (inside `friend` and `owner`); the last selects `barkVolume`.
    static func fanOut(operation: String, levels: Int, inFields: Bool) -> String {
        var text = operation + "\n"
        for level in 0..<levels {
            let next = "...F\(level + 1)"
            text += inFields
                ? "fragment F\(level) on Dog { name friend { \(next) } owner { \(next) } }\n"
                : "fragment F\(level) on Dog { name \(next) \(next) }\n"
        }
        return text + "fragment F\(levels) on Dog { barkVolume }\n"
    }

    static let cases: [Case] = [
        Case(name: "block string: N blank lines", sizes: doubling(from: 15_625, to: 16_000_000)) { count in
            "\(BlockString.value(ofRaw: String(repeating: "\n", count: count)).utf8.count) bytes"
        },
        Case(name: "SDL parse + print + parse: description of N blank lines", sizes: doubling(from: 15_625, to: 8_000_000)) { count in
            let sdl = "type Query {\n  \"\"\"\n" + String(repeating: "\n", count: count) + "x\n\"\"\"\n  name: String\n}\n"
            do {
                let printed = SchemaPrinter.print(try Schema.parse(sdl, sourceName: "s"))
                return "\(try Schema.parse(printed, sourceName: "p").types.count) types"
            } catch {
                return "error: \(error)"
            }
        },
        Case(name: "validate: one field repeated N times", sizes: doubling(from: 625, to: 320_000)) { count in
            validate("{ dog { " + String(repeating: "name ", count: count) + "} }")
        },
        Case(name: "validate: N fragments, each spreading the next twice", sizes: Array(stride(from: 10, through: 30, by: 2))) { levels in
            validate(fanOut(operation: "{ dog { ...F0 } }", levels: levels, inFields: false))
        },
        Case(name: "validate: N fragments, each spreading the next in two fields", sizes: Array(stride(from: 10, through: 30, by: 2))) { levels in
            validate(fanOut(operation: "{ dog { ...F0 } }", levels: levels, inFields: true))
        },
        Case(name: "plan: N fragments, each spreading the next twice", sizes: Array(stride(from: 10, through: 30, by: 2))) { levels in
            plan(fanOut(operation: "query Q { dog { ...F0 } }", levels: levels, inFields: false))
        },
        Case(name: "plan: N fragments, each spreading the next in two fields", sizes: Array(stride(from: 10, through: 30, by: 2))) { levels in
            plan(fanOut(operation: "query Q { dog { ...F0 } }", levels: levels, inFields: true))
        },
        Case(name: "sanitise: a letter and N combining marks", sizes: doubling(from: 15_625, to: 16_000_000)) { count in
            "\(DisplayText.sanitized("e" + String(repeating: "\u{301}", count: count)).utf8.count) bytes shown"
        },
        Case(name: "sanitise: N emoji joined by ZWJ", sizes: doubling(from: 3_001, to: 3_001 << 10)) { count in
            "\(DisplayText.sanitized(Array(repeating: "👩", count: count).joined(separator: "\u{200D}")).utf8.count) bytes shown"
        },
        Case(name: "sanitise: one line of N bytes", sizes: doubling(from: 156_250, to: 10_000_000)) { count in
            "\(DisplayText.sanitized(String(repeating: "x", count: count)).utf8.count) bytes shown"
        },
        Case(name: "validate + generate: N fragments spread side by side", sizes: doubling(from: 1_000, to: 16_000)) { count in
            var text = "query Q { dog { " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
            for index in 0..<count { text += "fragment F\(index) on Dog { name a\(index): barkVolume }\n" }
            return generate(text)
        },
        Case(name: "validate: a cycle through N fragments", sizes: doubling(from: 1_000, to: 16_000)) { count in
            var text = "{ dog { ...F0 } }\n"
            for index in 0..<count { text += "fragment F\(index) on Dog { name ...F\((index + 1) % count) }\n" }
            return validate(text)
        },
        Case(name: "generate: type conditions at each of N levels", sizes: Array(stride(from: 4, through: 60, by: 4))) { levels in
            generate("query Q { dog { " + String(repeating: "pet { name ... on Cat { lives ", count: levels) + "name"
                + String(repeating: " } }", count: levels) + " } }")
        },
        Case(name: "schema: a chain of N input objects through non-null fields", sizes: doubling(from: 1_000, to: 128_000)) { count in
            var sdl = "type Query { f(a: I0): Int }\n"
            for index in 0..<count { sdl += "input I\(index) { x: Int, next: I\((index + 1) % count)! }\n" }
            do {
                _ = try Schema.parse(sdl, sourceName: "chain.graphqls")
                return "valid"
            } catch {
                return String("\(error)".suffix(70))
            }
        },
        Case(name: "parse: N nested lists in an argument", sizes: doubling(from: 1_000, to: 8_192_000)) { count in
            do {
                _ = try Parser.parse("{ dog(a: " + String(repeating: "[", count: count) + ") }", sourceName: "deep.graphql")
                return "parsed"
            } catch {
                return String("\(error)".suffix(70))
            }
        },
        // Last: before the fix, a long chain could exhaust the stack.
        Case(name: "validate: a chain of N fragments", sizes: doubling(from: 625, to: 10_000)) { count in
            var text = "{ dog { ...F0 } }\n"
            for level in 0..<count { text += "fragment F\(level) on Dog { ...F\(level + 1) }\n" }
            return validate(text + "fragment F\(count) on Dog { name }\n")
        },
    ]

    static func doubling(from start: Int, to end: Int) -> [Int] {
        Array(sequence(first: start) { $0 * 2 <= end ? $0 * 2 : nil })
    }

    static func run(ceiling: Double) {
        print("Hostile input (issue 22 item 2): seconds per size; a case stops after a size takes over \(ceiling) s")
        for benchmark in cases {
            print(benchmark.name)
            for size in benchmark.sizes {
                var outcome = ""
                let seconds = time { outcome = benchmark.run(size) }
                print("  N = \(size)".padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: "%10.4f s  ", seconds) + outcome)
                if seconds > ceiling {
                    print("  (larger sizes skipped)")
                    break
                }
            }
        }
    }
}
