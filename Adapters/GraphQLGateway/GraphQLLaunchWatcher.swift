import Domain
import NormalizedCache
import Ports
import RocketReserverAPI

/// One launch's details as the normalized cache holds them, kept current by the cache's typed
/// watch on the generated `LaunchDetailsQuery` (optimistic bookings included).
public struct GraphQLLaunchWatcher: LaunchWatcher {
    private let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func watchLaunchDetails(id: LaunchID) -> LiveStream<LaunchDetails?> {
        LiveStream(bufferLimit: 1) { [cache] emitter in
            var last: LaunchDetails??
            for await data in cache.watch(LaunchDetailsQuery(launchId: id.rawValue)) {
                // An answer the model cannot map is as good as none cached.
                let details = data.flatMap { try? GraphQLLaunchRepository.details($0, id: id) } ?? nil
                guard last != .some(details) else { continue }
                last = .some(details)
                emitter.yield(details)
            }
        }
    }
}
