import Foundation
import GraphQLClient
import GraphQLSubscriptions
import GraphQLTestDoubles
import NormalizedCache
import PlannerAPI
import RocketReserverAPI
import Testing

/// The planner's client code over the client's in-memory fakes (GraphQLTestDoubles): no
/// server, no socket (Docs/Library.md, "Test with the fakes").
@Suite(.timeLimit(.minutes(1)))
struct PlannerClientTests {
    let endpoint = URL(string: "http://127.0.0.1:4000/graphql")!

    @Test func theOwnGeneratedOperationRunsAndIsCached() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"totalTripsBooked":3}}"#)])
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(endpoint: endpoint, session: session, cache: NormalizedCache()))
        #expect(try await client.run(TotalTripsQuery()).data.totalTripsBooked == 3)
        #expect(try await client.run(TotalTripsQuery()).source == .cache)
        #expect(session.requestCount == 1)
    }

    @Test func aWatchFollowsTheCache() async throws {
        let answer = #"{"data":{"totalTripsBooked":3}}"#
        let session = StubHTTPSession([StubHTTPSession.json(answer)])
        let cache = NormalizedCache()
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(endpoint: endpoint, session: session, cache: cache))
        var totals = client.watch(TotalTripsQuery()).makeAsyncIterator()
        #expect(try await totals.next()?.data.totalTripsBooked == 3)
        await cache.setField("totalTripsBooked", of: CacheKeys.queryRoot, to: 4)
        #expect(try await totals.next()?.data.totalTripsBooked == 4)
    }

    @Test func aSubscriptionIsLiveOnceTheServerAnswers() async throws {
        let session = InMemoryWebSocketSession()
        let subscriptions = GraphQLSubscriptionClient(endpoint: endpoint, session: session)
        let started = Task { try await subscriptions.startSubscription(TripsBookedSubscription()) }
        let server = await session.accept()
        _ = try await server.receive()  // connection_init
        try server.send(.text(#"{"type":"connection_ack"}"#))
        guard case .text(let subscribe)? = try await server.receive() else { throw CancellationError() }
        #expect(subscribe.contains(#""type":"subscribe""#))
        #expect(try await server.receive() == .text(#"{"type":"ping"}"#))
        try server.send(.text(#"{"type":"pong"}"#))
        var events = try await started.value.makeAsyncIterator()
        guard case .started? = try await events.next() else { throw CancellationError() }
        try server.send(.text(#"{"type":"next","id":"1","payload":{"data":{"tripsBooked":1}}}"#))
        guard case .data(let event)? = try await events.next() else { throw CancellationError() }
        #expect(event.tripsBooked == 1)
    }
}
