import Foundation
import GraphQLSubscriptions
import NormalizedCache
import SubscriptionCache
import Testing

/// The subprotocol an endpoint acknowledged is kept among the cache's settings, per endpoint, for
/// the next client on the same cache.
@Suite(.timeLimit(.minutes(1))) struct SubscriptionProtocolMemoryCacheTests {
    @Test func whatOneClientRemembersTheNextRecallsForTheSameEndpointOnly() async throws {
        let cache = NormalizedCache()
        let endpoint = try #require(URL(string: "http://127.0.0.1:4000/graphql"))
        let other = try #require(URL(string: "http://127.0.0.1:4001/graphql"))
        #expect(await SubscriptionProtocolMemory.kept(in: cache, for: endpoint).recall() == nil)

        await SubscriptionProtocolMemory.kept(in: cache, for: endpoint).remember(.graphQLWS)
        #expect(await SubscriptionProtocolMemory.kept(in: cache, for: endpoint).recall() == .graphQLWS)
        // The ws:// spelling of the same endpoint is the same endpoint.
        let webSocket = try #require(URL(string: "ws://127.0.0.1:4000/graphql"))
        #expect(await SubscriptionProtocolMemory.kept(in: cache, for: webSocket).recall() == .graphQLWS)
        #expect(await SubscriptionProtocolMemory.kept(in: cache, for: other).recall() == nil)

        await SubscriptionProtocolMemory.kept(in: cache, for: endpoint).remember(.graphQLTransportWS)
        #expect(await SubscriptionProtocolMemory.kept(in: cache, for: endpoint).recall() == .graphQLTransportWS)
    }
}
