import Foundation
import GraphQLLanguage
import GraphQLValidation
import Testing
import TestSupport

/// Differential: thousands of documents, generated over the fixture schema and mutated from
/// the tutorial's operations, go through our parser and validator and through graphql-core,
/// and both must find exactly the same ones valid. Each disagreement prints the document.
///
/// The oracle is the Python with graphql-core that `ROCKET_RESERVER_GRAPHQL_CORE_PYTHON` names
/// (Scripts/test sets it); without it the test is skipped.
@Suite("Documents against graphql-core", .timeLimit(.minutes(5)))
struct DocumentOracleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    @Test(.enabled(if: GraphQLCoreOracle.python != nil, "needs ROCKET_RESERVER_GRAPHQL_CORE_PYTHON (Scripts/test sets it)"))
    func weFindExactlyTheDocumentsValidThatGraphQLCoreFindsValid() async throws {
        var random = SplitMix64(state: 1_865)
        var documents: [String] = []
        for _ in 0..<3_000 { documents.append(DocumentMaker(schema: ValidationFixture.schema).document(&random)) }
        let verdicts = try await GraphQLCoreOracle.verdicts(
            script: Self.folder.appendingPathComponent("Oracle/graphql_core_documents.py"),
            request: OracleRequest(schema: ValidationFixture.schemaSource, documents: documents)
        )
        try #require(verdicts.count == documents.count)
        var valid = 0
        var disagreements: [String] = []
        for (document, theirs) in zip(documents, verdicts) {
            let ours = ValidationFixture.errors(document).first
            if ours == nil { valid += 1 }
            if (ours == nil) != (theirs == nil) {
                disagreements.append("ours: \(ours ?? "valid"); graphql-core: \(theirs ?? "valid")\n\(document)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(documents.count) disagree:\n\n\(disagreements.prefix(10).joined(separator: "\n\n"))")
        #expect(valid > documents.count / 10, "only \(valid) of \(documents.count) documents are valid")
    }
}

/// What the oracle reads: the schema's SDL and the documents to judge.
struct OracleRequest: Encodable {
    var schema: String
    var documents: [String]
}

/// Random operations and fragments over a schema: mostly fields the types have, with now and
/// then a wrong name, argument, value, type condition, alias clash, variable or directive.
struct DocumentMaker {
    let schema: Schema

    func document(_ random: inout SplitMix64) -> String {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        let variableTypes = ["ID!", "ID", "Int", "String", "Boolean!", "Filter", "PatchSize", "[ID]", "[ID]!", "Launch", "Missing"]
        // Variables are declared as they are used, mostly with the type their first use expects.
        var variables: [(name: String, type: String)] = []
        func variable(for type: TypeReference?) -> String {
            if let known = variables.first(where: { _ in chance(50) }) { return "$\(known.name)" }
            let name = pick(["id", "flag", "size", "v\(variables.count)"])
            if !variables.contains(where: { $0.name == name }) {
                variables.append((name, chance(80) ? type.map { "\($0)" } ?? pick(variableTypes) : pick(variableTypes)))
            }
            return "$\(name)"
        }
        var fragments: [(name: String, type: String)] = []
        for name in ["F", "G"] where chance(30) { fragments.append((name, pick(["Launch", "User", "Node", "SearchResult", "Dog", "Mission", "Query"]))) }

        func value(for type: TypeReference?) -> String {
            if chance(15) { return variable(for: type) }
            if chance(8) { return pick(["null", "1", "\"x\"", "true", "SMALL", "{text: \"t\"}", "[\"1\"]", "$undefined", "1.5", "{}"]) }
            switch type?.namedType {
            case "ID": return pick(["\"1\"", "7"])
            case "Int": return "3"
            case "String": return "\"s\""
            case "Boolean": return "false"
            case "PatchSize": return pick(["SMALL", "LARGE"])
            case "Filter": return chance(70) ? "{text: \"t\"}" : "{text: \"t\", limit: 2}"
            default: return "null"
            }
        }

        func selections(on typeName: String, depth: Int) -> String {
            guard let type = schema.types[typeName] else { return "{ __typename }" }
            var parts: [String] = []
            let count = Int.random(in: 1...3, using: &random)
            for _ in 0..<count {
                switch Int.random(in: 0..<10, using: &random) {
                case 0 where depth < 3:
                    let condition = chance(80) ? pick(schema.possibleTypes(of: type).sorted() + [typeName]) : pick(["Launch", "User", "Dog", "Mission", "Nope"])
                    parts.append("... on \(condition) \(selections(on: condition, depth: depth + 1))")
                case 1 where !fragments.isEmpty:
                    parts.append("...\(pick(fragments).name)")
                default:
                    let fields = type.fields
                    guard !fields.isEmpty else { parts.append("__typename"); continue }
                    let field = chance(95) ? pick(fields) : SchemaField(name: pick(["nope", "id", "name"]), type: .named("String"))
                    var text = chance(15) ? "\(pick(["x", "y", "site", "id"])): \(field.name)" : field.name
                    let arguments = field.arguments.filter { $0.isRequired || chance(50) }.map { "\($0.name): \(value(for: $0.type))" }
                        + (chance(5) ? ["bogus: 1"] : [])
                    if !arguments.isEmpty { text += "(" + arguments.joined(separator: ", ") + ")" }
                    if chance(6) {
                        text += pick([" @skip(if: true)", " @include(if: \(variable(for: .nonNull(.named("Boolean")))))", " @deprecated", " @skip"])
                    }
                    if let named = schema.type(of: field.type), named.isComposite {
                        if depth < 3, chance(95) { text += " " + selections(on: named.name, depth: depth + 1) }
                    } else if chance(4) {
                        text += " { id }"
                    }
                    parts.append(text)
                }
            }
            return "{ " + parts.joined(separator: " ") + " }"
        }

        let kind = chance(85) ? "query" : chance(85) ? "mutation" : "subscription"
        let root = kind == "mutation" ? "Mutation" : "Query"
        let body = selections(on: root, depth: 0)
        let fragmentTexts = fragments.map { "\nfragment \($0.name) on \($0.type) " + selections(on: $0.type, depth: 1) }
        if chance(5) { variables.append(("unused", pick(variableTypes))) }
        var text = kind
        if chance(80) { text += " Q" }
        if !variables.isEmpty {
            text += "(" + variables.map { "$\($0.name): \($0.type)" + (chance(10) ? " = \(pick(["null", "1", "\"d\""]))" : "") }.joined(separator: ", ") + ")"
        }
        return text + " " + body + fragmentTexts.joined()
    }
}
