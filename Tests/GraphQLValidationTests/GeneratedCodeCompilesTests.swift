import Foundation
import GraphQLLanguage
import GraphQLValidation
import TestExpectations
import Testing
import TestSupport

/// The generator's round trip: the Swift generated for every valid document of the test
/// corpora compiles. Each corpus is one batch, one module per schema (``GeneratedBatch``):
/// SpecRuleTests' valid documents over the spec's schema, ValidDocumentsGenerateTests' class
/// documents over theirs, documents whose names the generated types could confuse
/// (``names``), and the valid ones of the oracle's 3,000 generated documents over
/// the fixture schema. Each batch is type-checked by the toolchain's `swiftc -typecheck`
/// against the built `GraphQLOperationSupport`, `GraphQLClient` and `JSON` modules; a compile
/// error fails the test and prints the document, the diagnostic and the generated line.
/// Without `swiftc` on `PATH` or the built modules the test fails and says which is missing.
@Suite("Generated code compiles", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct GeneratedCodeCompilesTests {
    /// A set of valid documents over one schema.
    enum Corpus: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case specRules, classes, names, oracle

        var testDescription: String { rawValue }

        /// The corpus's schema and its valid documents, each with where it comes from.
        var batch: GeneratedBatch {
            switch self {
            case .specRules:
                let documents = SpecRuleTests.cases.filter(\.errors.isEmpty).map { (label: $0.testDescription, text: $0.document) }
                return GeneratedBatch(name: "SpecRules", schema: SpecRuleTests.schema, documents: documents)
            case .classes:
                let documents = ValidDocumentsGenerateTests.classes.map { (label: $0.name, text: $0.text) }
                return GeneratedBatch(name: "Classes", schema: ValidDocumentsGenerateTests.schema, documents: documents)
            case .names:
                return GeneratedBatch(name: "Names", schema: GeneratedCodeCompilesTests.namesSchema, documents: GeneratedCodeCompilesTests.names)
            case .oracle:
                return GeneratedBatch(name: "Oracle", schema: ValidationFixture.schema, documents: Self.oracleDocuments())
            }
        }

        /// The fewest documents the batch must hold, so that a corpus that lost its documents fails.
        var leastCount: Int {
            switch self {
            case .specRules: 40
            case .classes: ValidDocumentsGenerateTests.classes.count
            case .names: GeneratedCodeCompilesTests.names.count
            case .oracle: 300
            }
        }

        /// The valid ones of DocumentOracleTests' documents (same seed, same maker).
        static func oracleDocuments() -> [(label: String, text: String)] {
            var random = SplitMix64(state: 1_865)
            var documents: [(label: String, text: String)] = []
            for index in 0..<3_000 {
                let text = DocumentMaker(schema: ValidationFixture.schema).document(&random)
                guard Validator.validate(sources: [(name: "Test.graphql", text: text)], against: ValidationFixture.schema).isEmpty else { continue }
                documents.append((label: "oracle document \(index)", text: text))
            }
            return documents
        }
    }

    /// The fixture schema with names Swift reserves (`self`, `in`, `Type`, `rawValue`, `unknown`)
    /// and input objects that hold themselves through optional fields.
    static let namesSchema: Schema = {
        let source = ValidationFixture.schemaSource + """

            input Condition { text: String, not: Condition, any: [Condition!], self: Int, in: Mode, next: Step }
            input Step { back: Condition, label: String, self: Step }
            enum Mode { SELF, IN, TYPE, rawValue, unknown }
            type Thing { self: String, init: Int, Type: Mode, _private: String, fragments: String }
            extend type Query { things(where: Condition): [Thing], thing(self: Int, in: Mode): Thing }
            enum Spelling { A_B, AB, a_b_c }
            enum Data { ONE, TWO }
            input Variables { a: Int }
            extend type Query { spell(s: Spelling, json: Int, values: Int, JSONValues: Int, d: Data, v: Variables, ds: [Data!]): Int }
            """
        do { return try Schema.parse(source, sourceName: "names.graphqls") } catch { fatalError("names schema: \(error)") }
    }()

    /// Documents whose names the generated Swift could confuse, each a bug the first compile
    /// round trip found: fragments named like the structs of the fields that spread them
    /// (`fragment Dog on Dog` spread in `dog` gave a struct `Dog` that held itself), a field
    /// aliased like the `fragments` member, fields, aliases and variables named `self`, `_` or
    /// `variables` (the initializers assigned to the wrong thing), and input objects that hold
    /// themselves (`not: Condition` in `Condition` was a struct of infinite size); and the
    /// near misses of what the generator refuses (`UnspellableNameTests`).
    static let names: [(label: String, text: String)] = [
        ("fragment named after its field's type", "{ dog { ...Dog } }\nfragment Dog on Dog { name }"),
        ("fragment named after a list field's struct", "{ launches { launches { ...Launch } } }\nfragment Launch on Launch { id site }"),
        ("fragment named after a nested field's type", "query Nested { launch(id: 1) { mission { ...Mission } } }\nfragment Mission on Mission { name }"),
        ("fragment named after its typed accessor", "query Accessor { node(id: 1) { ... on Launch { ...AsLaunch } } }\nfragment AsLaunch on Launch { site }"),
        ("fragment named after the operation's model", "query Model { me { ...User } }\nfragment User on User { email trips { ...Launch } }\nfragment Launch on Launch { id }"),
        ("fragment on a union member named after it", "query Union { search { ...User ... on Launch { id } } }\nfragment User on User { email }"),
        ("keyword fields, aliases and variables", "query Keywords($self: Int, $in: Mode, $variables: Int, $default: Int) { thing(self: $self, in: $in) { self init Type _: self } other: thing(self: $variables) { init } third: thing(self: $default) { _private } }"),
        ("input objects that hold themselves", "query Where($where: Condition = {not: {text: \"x\", not: null}, next: {back: {self: 1}}}) { things(where: $where) { self } }"),
        ("a literal through a recursive input", "query Literal($t: String) { things(where: {not: {text: $t}, any: [{in: SELF}]}) { fragments ...T } }\nfragment T on Thing { init }"),
        ("a field aliased fragments beside a spread", "query Alias { dog { fragments: name fragments2: barkVolume ...DogName } }\nfragment DogName on Dog { name }"),
        ("enum values close to one Swift case, variables near jsonValues and its locals", "query Spell($s: Spelling = AB, $json: Int, $values: Int, $value: Int!, $JSONValues: Int) { spell(s: $s, json: $json, values: $values, JSONValues: $JSONValues) other: spell(s: a_b_c, values: $value) }"),
        ("the Data and Variables schema types written in the document", "query Hidden { spell(d: ONE, v: {a: 1}, ds: [TWO]) }"),
    ]

    @Test(arguments: Corpus.allCases)
    func theGeneratedSwiftOfEveryValidDocumentTypeChecks(_ corpus: Corpus) async throws {
        let checker = try SwiftTypeChecker()
        let batch = corpus.batch
        #expect(batch.refusals.isEmpty, "\(batch.refusals.count) documents were not generated:\n\n\(batch.refusals.prefix(10).joined(separator: "\n\n"))")
        #expect(batch.entries.count >= corpus.leastCount, "only \(batch.entries.count) documents in the \(corpus) batch")
        let folder = try TemporaryDirectory(prefix: "generated-\(corpus)")
        defer { folder.remove() }
        let outcome = try await checker.typecheck(try batch.write(into: folder.url), moduleName: batch.name)
        let errors = outcome.diagnostics.filter { $0.severity == "error" }
        let failures = batch.failures(errors)
        #expect(failures.isEmpty, "\(failures.count) of \(batch.entries.count) generated files do not compile:\n\n\(failures.prefix(10).joined(separator: "\n\n"))")
        #expect(outcome.status == 0, "swiftc -typecheck exited with \(outcome.status):\n\(outcome.output.prefix(4_000))")
    }

    /// The check itself: a generated file that does not compile fails, naming its document.
    @Test func aFileThatDoesNotCompileIsReportedWithItsDocument() async throws {
        let checker = try SwiftTypeChecker()
        let document = "query Broken { dog { name } }"
        let batch = GeneratedBatch(name: "Broken", schema: ValidationFixture.schema, documents: [(label: "the broken one", text: document)])
        let folder = try TemporaryDirectory(prefix: "generated-broken")
        defer { folder.remove() }
        let files = try batch.write(into: folder.url)
        let generated = try #require(files.first { $0.lastPathComponent == "Document0.graphql.swift" })
        let handle = try FileHandle(forWritingTo: generated)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\nlet wrong: Swift.Int = BrokenQuery.operationName\n".utf8))
        try handle.close()
        let outcome = try await checker.typecheck(files, moduleName: batch.name)
        #expect(outcome.status != 0)
        let failures = batch.failures(outcome.diagnostics.filter { $0.severity == "error" })
        #expect(failures.count == 1)
        #expect(failures.first?.contains("the broken one (Document0.graphql.swift):\n\(document)") == true, "\(failures)")
        #expect(failures.first?.contains("Document0.graphql.swift:") == true && failures.first?.contains(": error: ") == true, "\(failures)")
    }
}
