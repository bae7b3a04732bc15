import Foundation
import GraphQLCodegen
import GraphQLLanguage
import GraphQLValidation

/// `--versus-graphql-core PYTHON`: here and in graphql-core on the same texts, side by side:
/// the tutorial's operations against its schema, a large schema (about 1.2 MB of SDL) with 100
/// operations, and documents of 1,000 and 10,000 fragments (the scaling exponent from the two).
/// Ours validates and also generates; graphql-core validates. Medians of `runs`; numbers only.
enum ValidationVersusGraphQLCore {
    /// A schema and the documents validated against it (each one or more files).
    struct Job {
        let name: String
        let schema: String
        let documents: [[(name: String, text: String)]]
    }

    /// Our medians for one job.
    struct Ours {
        var build: Double
        var validate: Double
        var generate: Double
    }

    static func run(python: String, runs: Int) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let operationsFolder = repository.appendingPathComponent("Adapters/RocketReserverAPI")
        let tutorialFiles = try FileManager.default.contentsOfDirectory(atPath: operationsFolder.path).filter { $0.hasSuffix(".graphql") }.sorted()
        let tutorial = try tutorialFiles.map { (name: $0, text: try String(contentsOf: operationsFolder.appendingPathComponent($0), encoding: .utf8)) }
        let tutorialSchema = try String(contentsOf: operationsFolder.appendingPathComponent("schema.graphqls"), encoding: .utf8)
        let large = largeSchema(types: 1_050, fields: 16)
        let jobs = [
            Job(name: "tutorial (\(tutorial.count) files)", schema: tutorialSchema, documents: [tutorial]),
            Job(name: "1.2 MB schema, 100 ops", schema: large, documents: (0..<100).map { [(name: "Op\($0).graphql", text: operation($0))] }),
            Job(name: "1,000 fragments", schema: large, documents: [[(name: "Tree.graphql", text: fragmentTree(1_000))]]),
            Job(name: "10,000 fragments", schema: large, documents: [[(name: "Tree.graphql", text: fragmentTree(10_000))]]),
        ]
        var ours: [Ours] = []
        for job in jobs { ours.append(try measure(job, runs: runs)) }
        let theirs = try graphQLCore(python: python, jobs: jobs, runs: runs)
        print("Large schema: \(large.utf8.count) bytes of SDL, 1,050 object types; fragments: a tree, each spreading ten; median of \(runs) runs")
        print("                                          ours        graphql-core    ratio")
        for (index, job) in jobs.enumerated() {
            let rows = [
                ("build the schema", ours[index].build, theirs[index].build),
                ("validate", ours[index].validate, theirs[index].validate),
                ("validate + generate (ours)", ours[index].validate + ours[index].generate, theirs[index].validate),
            ]
            print(job.name + (theirs[index].aborted ? "  (graphql-core: \"Validation aborted.\", its fragment-nesting guard)" : ""))
            for (name, mine, core) in rows {
                print("  " + name.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%9.1f ms   %9.1f ms   %6.2f×", mine * 1000, core * 1000, mine / core))
            }
        }
        // Time grows as size^exponent: 1 is linear, 2 quadratic.
        let exponent = { (small: Double, big: Double) in log10(big / small) }
        print("Fragment scaling exponent, 1,000 → 10,000 fragments:")
        print(String(format: "  validate: ours %.2f, graphql-core %.2f; validate + generate (ours) %.2f",
            exponent(ours[2].validate, ours[3].validate), exponent(theirs[2].validate, theirs[3].validate),
            exponent(ours[2].validate + ours[2].generate, ours[3].validate + ours[3].generate)))
    }

    /// Our medians: the schema parsed and checked, each document validated, then generated.
    static func measure(_ job: Job, runs: Int) throws -> Ours {
        var build: [Double] = []
        var validate: [Double] = []
        var generate: [Double] = []
        for run in 0...runs {
            var schema: Schema?
            let buildSeconds = try seconds { schema = try Schema.parse(job.schema, sourceName: "schema.graphqls") }
            guard let schema else { throw CocoaError(.fileReadCorruptFile) }
            var problems = 0
            let validateSeconds = seconds {
                for document in job.documents { problems += Validator.validate(sources: document, against: schema).count }
            }
            var refused = 0
            let generateSeconds = seconds {
                for document in job.documents {
                    if case .failure = CodeGenerator.generate(sources: document, schema: schema) { refused += 1 }
                }
            }
            guard problems == 0, refused == 0 else {
                FileHandle.standardError.write(Data("\(job.name): \(problems) problems, \(refused) documents not generated\n".utf8))
                exit(70)
            }
            if run > 0 {  // the first repetition warms up
                build.append(buildSeconds)
                validate.append(validateSeconds)
                generate.append(generateSeconds)
            }
        }
        return Ours(build: median(build), validate: median(validate), generate: median(generate))
    }

    /// `count` fragments on `T0` in a tree: each selects fields and spreads the next ten, so a
    /// fragment's fields merge with those of its whole subtree (four levels for 10,000).
    static func fragmentTree(_ count: Int) -> String {
        var text = "query Tree($id: ID!) { t0(id: $id) { ...F0 } }\n"
        for index in 0..<count {
            let children = (10 * index + 1...10 * index + 10).filter { $0 < count }.map { "...F\($0)" }.joined(separator: " ")
            text += "fragment F\(index) on T0 { id name a\(index): f\(index % 16)(first: \(index % 7)) { id } \(children) }\n"
        }
        return text
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

    /// graphql-core's medians per job: `build_schema`, then `validate(parse(…))` of each
    /// document (its files joined into one text, as fragments may live in any of them).
    static func graphQLCore(python: String, jobs: [Job], runs: Int) throws -> [(build: Double, validate: Double, aborted: Bool)] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("versus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = jobs.map { job in ["schema": job.schema, "documents": job.documents.map { $0.map(\.text).joined(separator: "\n") }] as [String: Any] }
        try JSONSerialization.data(withJSONObject: input).write(to: folder.appendingPathComponent("jobs.json"))
        let script = """
            import json, statistics, sys, time
            from graphql import build_schema, parse, validate
            folder, runs = sys.argv[1], int(sys.argv[2])
            results = []
            for job in json.load(open(folder + "/jobs.json")):
                builds, validations = [], []
                for run in range(runs + 1):
                    start = time.perf_counter(); schema = build_schema(job["schema"]); built = time.perf_counter() - start
                    start = time.perf_counter()
                    errors = [error for text in job["documents"] for error in validate(schema, parse(text))]
                    validated = time.perf_counter() - start
                    # graphql-core may stop a document with "Validation aborted." (its fragment-nesting guard): reported, not hidden.
                    assert all(error.message == "Validation aborted." for error in errors), [error.message for error in errors]
                    if run > 0:
                        builds.append(built); validations.append(validated)
                results.append([statistics.median(builds), statistics.median(validations), float(len(errors))])
            print(json.dumps(results))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, folder.path, String(runs)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let values = try JSONSerialization.jsonObject(with: data) as? [[Double]], values.count == jobs.count,
            values.allSatisfy({ $0.count == 3 })
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return values.map { ($0[0], $0[1], $0[2] > 0) }
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
