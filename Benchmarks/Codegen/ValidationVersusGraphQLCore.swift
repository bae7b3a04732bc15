import Foundation
import GraphQLLanguage
import GraphQLValidation

/// `--versus-graphql-core PYTHON`: building a large schema (about 1.2 MB of SDL) and validating
/// 100 operations against it, here and in graphql-core on the same texts, side by side.
/// Medians of `runs`; numbers only.
enum ValidationVersusGraphQLCore {
    static func run(python: String, runs: Int) throws {
        let schemaText = largeSchema(types: 1_050, fields: 16)
        let operations = (0..<100).map(operation)
        var build: [Double] = []
        var validate: [Double] = []
        for run in 0...runs {
            var schema: Schema?
            let buildSeconds = try seconds { schema = try Schema.parse(schemaText, sourceName: "large.graphqls") }
            guard let schema else { return }
            var problems = 0
            let validateSeconds = seconds {
                for (index, text) in operations.enumerated() {
                    problems += Validator.validate(sources: [(name: "Op\(index).graphql", text: text)], against: schema).count
                }
            }
            guard problems == 0 else {
                FileHandle.standardError.write(Data("the benchmark's operations do not validate\n".utf8))
                exit(70)
            }
            if run > 0 {  // the first repetition warms up
                build.append(buildSeconds)
                validate.append(validateSeconds)
            }
        }
        let theirs = try graphQLCore(python: python, schema: schemaText, operations: operations, runs: runs)
        print("Schema: \(schemaText.utf8.count) bytes of SDL, 1,050 object types; 100 operations; median of \(runs) runs")
        print("                                  ours        graphql-core    ratio")
        for (name, ours, core) in [("build the schema", median(build), theirs.build), ("validate 100 operations", median(validate), theirs.validate)] {
            print(name.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%9.1f ms   %9.1f ms   %6.2f×", ours * 1000, core * 1000, ours / core))
        }
    }

    /// Object types `T0`…, each with `fields` fields pointing at other types, arguments and
    /// descriptions, under a query root that reaches the first 200.
    static func largeSchema(types: Int, fields: Int) -> String {
        var text = "type Query {\n" + (0..<200).map { "  t\($0)(id: ID!): T\($0)" }.joined(separator: "\n") + "\n}\n"
        text += "enum Size { SMALL MEDIUM LARGE }\ninput Range { from: Int! to: Int, size: Size = SMALL }\n"
        for index in 0..<types {
            text += "\"\"\"\nThe object type number \(index), generated for the benchmark.\n\"\"\"\ntype T\(index) {\n  id: ID!\n  name: String\n"
            for field in 0..<fields {
                text += "  \"Field \(field) of T\(index).\"\n  f\(field)(first: Int = 10, range: Range): T\((index + field + 1) % types)\n"
            }
            text += "}\n"
        }
        return text
    }

    /// A query three levels deep with a fragment, arguments and aliases.
    static func operation(_ index: Int) -> String {
        let root = index % 200
        return """
            query Op\(index)($id: ID!, $first: Int) {
              t\(root)(id: $id) {
                id name ...Parts\(index)
                a: f1(first: $first) { id name f2 { id f3(range: {from: 1, size: LARGE}) { id name } } }
                b: f4 { id f5 { id } }
              }
            }
            fragment Parts\(index) on T\(root) { id name f0 { id name } }
            """
    }

    static func graphQLCore(python: String, schema: String, operations: [String], runs: Int) throws -> (build: Double, validate: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("versus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(schema.utf8).write(to: folder.appendingPathComponent("schema.graphqls"))
        try JSONEncoder().encode(operations).write(to: folder.appendingPathComponent("operations.json"))
        let script = """
            import json, statistics, sys, time
            from graphql import build_schema, parse, validate
            folder, runs = sys.argv[1], int(sys.argv[2])
            sdl = open(folder + "/schema.graphqls").read()
            operations = json.load(open(folder + "/operations.json"))
            builds, validations = [], []
            for run in range(runs + 1):
                start = time.perf_counter(); schema = build_schema(sdl); built = time.perf_counter() - start
                start = time.perf_counter()
                problems = sum(len(validate(schema, parse(text))) for text in operations)
                validated = time.perf_counter() - start
                assert problems == 0, problems
                if run > 0:
                    builds.append(built); validations.append(validated)
            print(json.dumps([statistics.median(builds), statistics.median(validations)]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, folder.path, String(runs)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let values = try JSONSerialization.jsonObject(with: data) as? [Double], values.count == 2 else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return (values[0], values[1])
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let (whole, fraction) = (ContinuousClock.now - start).components
        return Double(whole) + Double(fraction) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 0 ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    }
}
