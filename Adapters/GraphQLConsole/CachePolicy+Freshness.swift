import GraphQLClient
import Ports

extension CachePolicy {
    /// The client's policy for a query asked with ``Freshness``, case by case.
    init(_ freshness: Freshness) {
        switch freshness {
        case .cachedIfAvailable: self = .cacheFirst
        case .fromServer: self = .networkOnly
        }
    }
}
