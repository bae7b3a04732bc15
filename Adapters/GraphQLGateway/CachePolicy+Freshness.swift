import GraphQLClient
import Ports

extension CachePolicy {
    /// The client's policy for a use case's ``Freshness``: the tutorial's
    /// `forceReload ? .networkOnly : .cacheFirst`, spelled out case by case.
    init(_ freshness: Freshness) {
        switch freshness {
        case .cachedIfAvailable: self = .cacheFirst
        case .fromServer: self = .networkOnly
        }
    }
}
