import Domain
import Ports

extension InMemoryGateway: LaunchWatcher {
    public nonisolated func watchLaunchDetails(id: LaunchID) -> LiveStream<LaunchDetails?> {
        LiveStream(bufferLimit: 1) { emitter in
            let watch = await self.registerLaunchWatch(id, emitter)
            await untilCancelled()
            await self.unregisterLaunchWatch(watch)
        }
    }

    /// Registers a watch of launch `id` and yields what the cache holds for it now.
    private func registerLaunchWatch(_ id: LaunchID, _ emitter: LiveStream<LaunchDetails?>.Emitter) async -> Int {
        let user = await cacheUser()
        nextWatcherID += 1
        launchWatchers[nextWatcherID] = (user, id, emitter)
        liveWatchers.add(1)
        emitter.yield(details[user, default: [:]][id])
        return nextWatcherID
    }

    private func unregisterLaunchWatch(_ id: Int) {
        if launchWatchers.removeValue(forKey: id) != nil {
            liveWatchers.add(-1)
        }
    }

    /// Yields the new cached details to the watches whose launch's entry changed.
    func notifyLaunchWatchers(was old: [EmailAddress?: [LaunchID: LaunchDetails]]) {
        for watch in launchWatchers.values {
            let before = old[watch.user]?[watch.id]
            let after = details[watch.user]?[watch.id]
            if before != after { watch.emitter.yield(after) }
        }
    }
}
