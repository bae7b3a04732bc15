import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing

/// Fields under `@include`/`@skip`: the document keeps the directive, an answer may leave the
/// field out, and the cache reads it only when the variables select it.
@Suite(.timeLimit(.minutes(5)))
struct ConditionalFieldTests {
    static let operation = GraphQLOperation(
        .query, name: "Q", variables: ["b": "Boolean!"],
        selections: [GraphQLField("launch", arguments: ["id": .literal("1")], [GraphQLField("id"), GraphQLField("site", conditions: [.include(.variable("b"))])])]
    )

    @Test func theDocumentKeepsTheCondition() {
        #expect(Self.operation.document.contains("site @include(if: $b)"), "\(Self.operation.document)")
    }

    @Test func anAnswerMayLeaveAConditionalFieldOutAndTheCacheAsksForItOnlyWhenSelected() async throws {
        let session = StubHTTPSession([
            StubHTTPSession.json(#"{"data":{"launch":{"__typename":"Launch","id":"1"}}}"#),
            StubHTTPSession.json(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":"Pad"}}}"#),
        ])
        let client = ClientFixtures.client(session)
        let left = try await client.fetch(Self.operation, variables: ["b": false], cachePolicy: .networkOnly)
        #expect(left.data["launch"]?["site"] == nil)
        // Not selected: the cache answers without the field.
        #expect(try await client.fetch(Self.operation, variables: ["b": false], cachePolicy: .cacheFirst).source == .cache)
        // Selected, and not cached: the server is asked.
        let selected = try await client.fetch(Self.operation, variables: ["b": true], cachePolicy: .cacheFirst)
        #expect(selected.source == .network)
        #expect(selected.data["launch"]?["site"] == "Pad")
        #expect(try await client.fetch(Self.operation, variables: ["b": true], cachePolicy: .cacheFirst).source == .cache)
        #expect(session.requestCount == 2)
    }

    /// A field whose condition holds is selected like any other: an answer without it is refused.
    @Test func aSelectedConditionalFieldLeftOutIsRefused() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"launch":{"__typename":"Launch","id":"1"}}}"#)])
        let error = await #expect(throws: GraphQLClientError.self) {
            try await ClientFixtures.client(session).fetch(Self.operation, variables: ["b": true], cachePolicy: .networkOnly)
        }
        #expect(error?.kind == .unexpectedShape("launch.site is missing"))
    }

    @Test func anUnconditionalFieldLeftOutIsStillRefused() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"launch":{"__typename":"Launch","site":"Pad"}}}"#)])
        await #expect(throws: GraphQLClientError.self) {
            try await ClientFixtures.client(session).fetch(Self.operation, variables: ["b": true], cachePolicy: .networkOnly)
        }
    }

    @Test(arguments: [(GraphQLCondition.include(.literal(.bool(true))), true), (.include(.literal(.bool(false))), false),
                      (.skip(.literal(.bool(true))), false), (.skip(.variable("b")), true), (.include(.variable("b")), false)])
    func conditionsHoldAsTheDirectivesSay(_ condition: GraphQLCondition, _ selected: Bool) {
        #expect(GraphQLField("f", conditions: [condition]).isSelected(variables: ["b": false]) == selected)
    }
}
