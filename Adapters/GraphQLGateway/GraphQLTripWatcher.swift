import Domain
import NormalizedCache
import Ports
import RocketReserverAPI

/// The signed-in user's trips as the normalized cache holds them, kept current by the cache's
/// watch on the generated `MyTripsQuery`: a write by this process wakes it at once, another
/// process's write within the cache's poll interval.
public struct GraphQLTripWatcher: TripWatcher {
    private let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func watchCurrentUser() -> LiveStream<User?> {
        LiveStream(bufferLimit: 1) { [cache] emitter in
            var last: User??
            for await data in cache.watch(MyTripsQuery.operation, variables: MyTripsQuery().variables.jsonValues) {
                // An answer the model cannot decode or map is as good as none cached.
                let user = data.flatMap { try? MyTripsQuery.decode(data: $0) }.flatMap { try? GraphQLTripRepository.user($0) }
                guard last != .some(user) else { continue }
                last = .some(user)
                emitter.yield(user)
            }
        }
    }
}
