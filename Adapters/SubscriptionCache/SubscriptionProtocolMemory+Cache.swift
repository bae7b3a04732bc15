#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLSubscriptions
import NormalizedCache

extension SubscriptionProtocolMemory {
    /// The subprotocol the endpoint last acknowledged, kept among `cache`'s settings (so it goes
    /// when the cache is cleared, and the next process on the same cache offers it first).
    public static func kept(in cache: NormalizedCache, for endpoint: URL) -> SubscriptionProtocolMemory {
        let name = "subscription-protocol " + GraphQLSubscriptionClient.webSocketURL(for: endpoint).absoluteString
        return SubscriptionProtocolMemory(
            recall: {
                switch await cache.setting(named: name) {
                case 1?: .graphQLTransportWS
                case 2?: .graphQLWS
                default: nil
                }
            },
            remember: { picked in
                await cache.storeSetting(picked == .graphQLWS ? 2 : 1, named: name)
            }
        )
    }
}
