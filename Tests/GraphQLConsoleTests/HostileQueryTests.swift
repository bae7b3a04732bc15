import GraphQLCodegen
@testable import GraphQLConsole
import GraphQLLanguage
import JSON
import Ports
import Testing

/// What `query` does with a document after validation (plan, request, answer printing) is
/// bounded by the document and the answer: fragments that fan out are merged once each, a
/// plan that would grow past the planner's bound gets a sentence, and printing an answer with
/// 20,000 fields at one level is linear. Time bounds are generous guards against an
/// exponential or quadratic walk, not measurements.
@Suite("Hostile query documents")
struct HostileQueryTests {
    static let schema = PlannedOperationTests.schema

    private func prepared(_ text: String) throws(GraphQLConsoleError) -> PreparedRequest {
        try PreparedRequest(GraphQLConsoleRequest(document: GraphQLSource(name: "hostile.graphql", text: text)), schema: Self.schema)
    }

    private func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test("Fragments that each spread the next twice at one level plan to the fields once")
    func fanOutAtOneLevel() throws {
        var text = "query FanOut { launch(id: \"1\") { ...F0 } }\n"
        for level in 0..<30 { text += "fragment F\(level) on Launch { id\(level): id ...F\(level + 1) ...F\(level + 1) }\n" }
        text += "fragment F30 on Launch { site }\n"
        var plan: ClientOperationPlan?
        let elapsed = seconds { plan = try? prepared(text).plan }
        let launch = try #require(plan?.fields.first)
        #expect(launch.selections.map(\.responseKey) == (0..<30).map { "id\($0)" } + ["site"])
        #expect(elapsed < 20)
    }

    @Test("Fragments that spread the next inside two fields get a sentence: the request would be 2^30 fields")
    func fanOutThroughFields() {
        var text = "query FanOut { __schema { types { ...T0 } } }\n"
        for level in 0..<30 { text += "fragment T\(level) on __Type { name ofType { ...T\(level + 1) } interfaces { ...T\(level + 1) } }\n" }
        text += "fragment T30 on __Type { kind }\n"
        var failure: GraphQLConsoleError?
        let elapsed = seconds {
            do throws(GraphQLConsoleError) { _ = try prepared(text) } catch { failure = error }
        }
        guard case .invalidDocument(_, let diagnostics) = failure else {
            Issue.record("expected an invalid document, got \(String(describing: failure))")
            return
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.contains("grows to more than 500000 fields once its fragments are merged") == true)
        #expect(elapsed < 20)
    }

    @Test("A chain of 10,000 fragment spreads gets a sentence, not a crash")
    func fragmentChain() {
        var text = "query Chain { launch(id: \"1\") { ...F0 } }\n"
        for level in 0..<10_000 { text += "fragment F\(level) on Launch { ...F\(level + 1) }\n" }
        text += "fragment F10000 on Launch { id }\n"
        #expect(throws: GraphQLConsoleError.invalidDocument(
            name: "hostile.graphql",
            diagnostics: ["hostile.graphql:1:1: error: The operation \"Chain\" is nested more than 256 levels deep once its fragments are spread."]
        )) { try prepared(text) }
    }

    @Test("20,000 aliases at one level plan, and their answer prints, in linear time")
    func manyAliases() throws {
        let count = 20_000
        let text = "query Many { launch(id: \"1\") { " + (0..<count).map { "a\($0): id" }.joined(separator: " ") + " } }"
        var plan: ClientOperationPlan?
        let planning = seconds { plan = try? prepared(text).plan }
        let fields = try #require(plan?.fields)
        #expect(fields.first?.selections.count == count)
        #expect(planning < 20)
        var members: [String: JSONValue] = [:]
        for index in 0..<count { members["a\(index)"] = .string("\(index)") }
        var printed = ""
        let printing = seconds { printed = AnswerJSON.text(["launch": .object(members)], fields: fields) }
        #expect(printed.hasPrefix("{\n  \"launch\": {\n    \"a0\": \"0\",\n    \"a1\": \"1\",\n"))
        #expect(printed.hasSuffix("    \"a19999\": \"19999\"\n  }\n}"))
        #expect(printing < 20)
    }
}
