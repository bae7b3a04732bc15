@testable import GraphQLClientDocumentRunner
import GraphQLLanguage
import GraphQLPlanning
import JSON
import Ports
import TestExpectations
import Testing

/// What `query` does with a document after validation (plan, request, answer printing) is
/// bounded by the document and the answer: fragments that fan out are merged once each, a
/// plan that would grow past the planner's bound gets a sentence, and printing an answer with
/// 20,000 fields at one level is linear. Each is checked at two sizes about ten times apart,
/// with the right result at both: the bound is stated as a size (`LinearTime`), not a time.
@Suite("Hostile query documents", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileQueryTests {
    static let schema = PlannedOperationTests.schema

    private func prepared(_ text: String) throws(GraphQLDocumentError) -> PreparedRequest {
        try Self.preparedRequest(text)
    }

    private static func preparedRequest(_ text: String) throws(GraphQLDocumentError) -> PreparedRequest {
        try PreparedRequest(GraphQLDocumentRequest(document: GraphQLSource(name: "hostile.graphql", text: text)), schema: schema)
    }

    @Test("Fragments that each spread the next twice at one level (2^30 paths at 30 levels) plan to the fields once")
    func fanOutAtOneLevel() async {
        await LinearTime.expect("fan-out at one level") { (scale: Int) -> (text: String, levels: Int) in
            let levels = 3 * scale
            var text = "query FanOut { launch(id: \"1\") { ...F0 } }\n"
            for level in 0..<levels { text += "fragment F\(level) on Launch { id\(level): id ...F\(level + 1) ...F\(level + 1) }\n" }
            return (text + "fragment F\(levels) on Launch { site }\n", levels)
        } work: { input in
            let plan = try? Self.preparedRequest(input.text).plan
            return plan?.fields.first?.selections.map(\.responseKey) == (0..<input.levels).map { "id\($0)" } + ["site"]
        }
    }

    @Test("Fragments that spread the next inside two fields get a sentence at 20 levels (2^20 fields) and 120 alike")
    func fanOutThroughFields() async {
        await LinearTime.expect("fan-out through fields") { (scale: Int) -> String in
            // 2^20 fields is past the planner's bound; past 126 levels the document is refused for its depth instead.
            let levels = scale == 1 ? 20 : 120
            var text = "query FanOut { __schema { types { ...T0 } } }\n"
            for level in 0..<levels { text += "fragment T\(level) on __Type { name ofType { ...T\(level + 1) } interfaces { ...T\(level + 1) } }\n" }
            return text + "fragment T\(levels) on __Type { kind }\n"
        } work: { text in
            do throws(GraphQLDocumentError) {
                _ = try Self.preparedRequest(text)
                return false
            } catch {
                guard case .invalidDocument(_, let diagnostics) = error else { return false }
                return diagnostics.count == 1
                    && diagnostics.first?.contains("grows to more than 500000 fields once its fragments are merged") == true
            }
        }
    }

    @Test("A chain of 10,000 fragment spreads gets a sentence, not a crash")
    func fragmentChain() {
        var text = "query Chain { launch(id: \"1\") { ...F0 } }\n"
        for level in 0..<10_000 { text += "fragment F\(level) on Launch { ...F\(level + 1) }\n" }
        text += "fragment F10000 on Launch { id }\n"
        #expect(throws: GraphQLDocumentError.invalidDocument(
            name: "hostile.graphql",
            diagnostics: ["hostile.graphql:1:1: error: The operation \"Chain\" is nested more than 256 levels deep once its fragments are spread."]
        )) { try prepared(text) }
    }

    @Test("2,000 and 20,000 aliases at one level plan, and their answer prints, in linear time")
    func manyAliases() async {
        await LinearTime.expect("aliases planned and printed") { (scale: Int) -> Int in
            2_000 * scale
        } work: { count in
            let text = "query Many { launch(id: \"1\") { " + (0..<count).map { "a\($0): id" }.joined(separator: " ") + " } }"
            guard let fields = try? Self.preparedRequest(text).plan.fields, fields.first?.selections.count == count else { return false }
            var members: [String: JSONValue] = [:]
            for index in 0..<count { members["a\(index)"] = .string("\(index)") }
            let printed = AnswerJSON.text(["launch": .object(members)], fields: fields)
            return printed.hasPrefix("{\n  \"launch\": {\n    \"a0\": \"0\",\n    \"a1\": \"1\",\n")
                && printed.hasSuffix("    \"a\(count - 1)\": \"\(count - 1)\"\n  }\n}")
        }
    }
}
