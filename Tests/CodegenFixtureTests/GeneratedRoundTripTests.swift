import CodegenFixtures
import Foundation
import GraphQLClient
import GraphQLOperationSupport
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing

/// The generated code for the constructs the tutorial does not use compiles (building the
/// fixtures target) and runs: through the client's real chain and cache, into the models.
@Suite(.timeLimit(.minutes(5)))
struct GeneratedRoundTripTests {
    static func client(_ session: StubHTTPSession) -> GraphQLClient {
        GraphQLClient(interceptors: GraphQLInterceptors.standard(endpoint: URL(string: "http://127.0.0.1:9/graphql")!, session: session, cache: NormalizedCache()))
    }

    @Test func conditionalFieldsAreOptionalAndSentWithTheirDirectives() async throws {
        let session = StubHTTPSession([
            StubHTTPSession.json(#"{"data":{"item":{"__typename":"Item","id":"1"}}}"#),
            StubHTTPSession.json(#"{"data":{"item":{"__typename":"Item","id":"1","kind":"second","name":"N","items":[{"__typename":"Item","id":"2"}]}}}"#),
        ])
        let client = Self.client(session)
        let brief = try await client.run(ConditionalQuery(withKind: false, brief: true))
        #expect(brief.data.item?.id == "1")
        #expect(brief.data.item?.kind == nil && brief.data.item?.name == nil && brief.data.item?.items == nil)
        let full = try await client.run(ConditionalQuery(withKind: true, brief: false))
        #expect(full.source == .network, "fields the cache never got must be asked for")
        #expect(full.data.item?.kind == .second)
        #expect(full.data.item?.name == "N")
        #expect(full.data.item?.items?.first??.id == "2")
        let sent = try JSONParser.parse(try #require(session.requests.first).body)
        guard case .string(let query)? = sent["query"] else { Issue.record("no query text"); return }
        #expect(query.contains("kind @include(if: $withKind)") && query.contains("name @skip(if: $brief)"), "\(query)")
    }

    @Test func anAnonymousOperationIsNamedAfterItsFileAndSentWithoutAName() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"item":{"__typename":"Item","id":"7","name":"Seven"}}}"#)])
        let answer = try await Self.client(session).run(ItemByIdQuery())
        #expect(answer.data.item?.name == "Seven")
        #expect(ItemByIdQuery.operationName.isEmpty)
        let sent = try JSONParser.parse(try #require(session.requests.first).body)
        #expect(sent["operationName"] == .null)
    }

    @Test func anObjectLiteralKeepsItsVariables() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"items":[{"__typename":"Item","id":"3","kind":"FIRST_KIND"}]}}"#)])
        let answer = try await Self.client(session).run(FilteredItemsQuery(text: "moon", kind: .firstKind))
        #expect(answer.data.items.first?.kind == .firstKind)
        let sent = try JSONParser.parse(try #require(session.requests.first).body)
        guard case .string(let query)? = sent["query"] else { Issue.record("no query text"); return }
        #expect(query.contains("items(filter: {text: $text, kinds: [$kind, second]})"), "\(query)")
        #expect(sent["variables"] == ["text": "moon", "kind": "FIRST_KIND"])
    }
}

/// A fragment spread under `@include`/`@skip`: its model is optional, there exactly when the
/// condition held, and the answer must hold its fields then.
@Suite(.timeLimit(.minutes(5)))
struct ConditionalSpreadTests {
    @Test func theFragmentIsThereWhenItsConditionHeld() async throws {
        let session = StubHTTPSession([
            StubHTTPSession.json(#"{"data":{"item":{"__typename":"Item","id":"2"}}}"#),
            StubHTTPSession.json(#"{"data":{"item":{"__typename":"Item","id":"2","name":"Two","kind":"second"}}}"#),
        ])
        let client = GeneratedRoundTripTests.client(session)
        let brief = try await client.run(ConditionalSpreadQuery(full: false), cachePolicy: .networkOnly)
        #expect(brief.data.item?.id == "2" && brief.data.item?.fragments.itemDetails == nil)
        let full = try await client.run(ConditionalSpreadQuery(full: true), cachePolicy: .networkOnly)
        #expect(full.data.item?.fragments.itemDetails?.name == "Two")
        #expect(full.data.item?.fragments.itemDetails?.kind == .second)
        let sent = try JSONParser.parse(try #require(session.requests.first).body)
        guard case .string(let query)? = sent["query"] else { Issue.record("no query text"); return }
        #expect(query.contains("id name @include(if: $full) kind @include(if: $full)"), "\(query)")
    }

    @Test func itsFieldsLeftOutWhenTheConditionHeldAreNotUnderstood() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"item":{"__typename":"Item","id":"2","name":"Two"}}}"#)])
        let error = await #expect(throws: GraphQLClientError.self) {
            _ = try await GeneratedRoundTripTests.client(session).run(ConditionalSpreadQuery(full: true), cachePolicy: .networkOnly)
        }
        guard case .unexpectedShape(let message)? = error?.kind else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("item.kind is missing"), "\(message)")
    }
}
