import Domain
import NormalizedCache
import Ports
import RocketReserverAPI

/// The signed-in user's trips as the normalized cache holds them, kept current by the cache's
/// typed watch on the generated `MyTripsQuery`: a write by this process or another wakes it.
public struct GraphQLTripWatcher: TripWatcher {
    private let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func watchCurrentUser() -> LiveStream<User?> {
        LiveStream(bufferLimit: 1) { [cache] emitter in
            var last: User??
            for await data in cache.watch(MyTripsQuery()) {
                // An answer the model cannot map is as good as none cached.
                let user = data.flatMap { try? GraphQLTripRepository.user($0) }
                guard last != .some(user) else { continue }
                last = .some(user)
                emitter.yield(user)
            }
        }
    }
}
