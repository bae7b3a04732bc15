import CodegenFixtures
import Foundation
import GraphQLClient
import GraphQLOperationSupport
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Synchronization
import Testing

/// `@defer` generated and run: the deferred members are optional, `nil` in the first part and
/// filled in as their parts arrive, through the client's real chain and cache.
@Suite(.timeLimit(.minutes(5)))
struct DeferredRoundTripTests {
    static let answer = "--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"data":{"item":{"__typename":"Item","id":"3"}},"pending":[{"id":"0","path":["item"],"label":"name"},{"id":"1","path":["item"],"label":"kind"}],"hasNext":true}"#
        + "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"incremental":[{"id":"0","data":{"name":"Three"}}],"completed":[{"id":"0"}],"hasNext":true}"#
        + "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"incremental":[{"id":"1","data":{"kind":"second","items":[{"__typename":"Item","id":"4"}]}}],"completed":[{"id":"1"}],"hasNext":false}"#
        + "\r\n--graphql--\r\n"

    @Test func deferredMembersAreFilledInAsTheirPartsArrive() async throws {
        let session = ScriptedStreamingSession(multipart: Self.answer, boundary: "graphql", pieceSize: 7)
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: URL(string: "http://127.0.0.1:9/graphql")!, session: session, cache: NormalizedCache()
        ))
        let seen = Mutex<[TypedIncrementalPart<DeferredQuery.Data>]>([])
        let whole = try await client.run(DeferredQuery(later: true), cachePolicy: .networkOnly) { part in seen.withLock { $0.append(part) } }
        let parts = seen.withLock { $0 }
        #expect(parts.map(\.hasNext) == [true, true, false])
        #expect(parts.map { $0.data.item?.id } == ["3", "3", "3"])
        #expect(parts.map { $0.data.item?.name } == [nil, "Three", "Three"])
        #expect(parts.map { $0.data.item?.fragments.deferredKind?.kind } == [nil, nil, .second])
        #expect(whole.data.item?.fragments.deferredKind?.items?.first??.id == "4")
        #expect(whole.data == parts.last?.data)

        let sent = try JSONParser.parse(try #require(session.requests.first).body)
        guard case .string(let query)? = sent["query"] else { Issue.record("no query text"); return }
        #expect(query.contains(#"... @defer(label: "name") { name }"#), "\(query)")
        #expect(query.contains(#"... @defer(label: "kind", if: $later) { kind items {"#), "\(query)")
        #expect(query == DeferredQuery.operation.document)
    }

    @Test func aServerThatDoesNotDeferFillsEverythingAtOnce() async throws {
        let session = StubHTTPSession([
            StubHTTPSession.json(#"{"data":{"item":{"__typename":"Item","id":"3","name":"Three","kind":"second","items":[]}}}"#),
        ])
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: URL(string: "http://127.0.0.1:9/graphql")!, session: session, cache: NormalizedCache()
        ))
        let answer = try await client.run(DeferredQuery(later: false))
        #expect(answer.data.item?.name == "Three")
        #expect(answer.data.item?.fragments.deferredKind?.kind == .second)
    }
}
