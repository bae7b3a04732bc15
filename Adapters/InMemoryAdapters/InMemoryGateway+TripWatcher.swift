import Domain
import Ports

extension InMemoryGateway: TripWatcher {
    public nonisolated func watchCurrentUser() -> LiveStream<User?> {
        LiveStream(bufferLimit: 1) { emitter in
            let id = await self.register(emitter)
            await untilCancelled()
            await self.unregister(id)
        }
    }

    /// Registers a watch and yields what the cache holds for the current user now.
    private func register(_ emitter: LiveStream<User?>.Emitter) async -> Int {
        let user = await cacheUser()
        nextWatcherID += 1
        userWatchers[nextWatcherID] = (user, emitter)
        liveWatchers.add(1)
        emitter.yield(users[user] ?? nil)
        return nextWatcherID
    }

    private func unregister(_ id: Int) {
        if userWatchers.removeValue(forKey: id) != nil {
            liveWatchers.add(-1)
        }
    }

    /// Yields the new cached user to the watches whose user's entry changed.
    func notifyUserWatchers(was old: [EmailAddress?: User?]) {
        for watch in userWatchers.values {
            let before = old[watch.user] ?? nil
            let after = users[watch.user] ?? nil
            if before != after {
                watch.emitter.yield(after)
            }
        }
    }
}
