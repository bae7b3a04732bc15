import GraphQLClient
import Ports

extension CachePolicy {
    /// The client's policy for what a use case asked: cache-first, network-only,
    /// network-first (the fallback the client does itself) or cache-only (never a connection).
    package init(_ freshness: Freshness) {
        self = switch freshness {
        case .cachedIfAvailable: .cacheFirst
        case .fromServer: .networkOnly
        case .fromServerElseCached: .networkFirst
        case .cachedOnly: .cacheOnly
        }
    }
}
