import GraphQLClient
import JSON

extension NormalizedCache {
    /// Watches a query's answer in the cache: the answer now (`nil` when the cache cannot
    /// answer it), then again each time it changes.
    ///
    /// A write by this process to a record the last read reached (present or missing) wakes
    /// the watch at once; a write by another process on the same SQLite file is noticed by
    /// polling `PRAGMA data_version` every `pollInterval` (at most 1 s). A write that leaves the
    /// answer as it was yields nothing. The watch lives while the stream is iterated: stopping
    /// iteration (or dropping the stream) ends it and frees it. A slow consumer gets the newest
    /// answer, never a backlog.
    public nonisolated func watch(
        _ operation: GraphQLOperation, variables: [String: JSONValue] = [:], pollInterval: Duration = .milliseconds(250)
    ) -> AsyncStream<[String: JSONValue]?> {
        let (stream, continuation) = AsyncStream.makeStream(of: [String: JSONValue]?.self, bufferingPolicy: .bufferingNewest(1))
        let interval = min(pollInterval, .seconds(1))
        let task = Task { await self.runWatch(operation, variables: variables, pollInterval: interval, continuation: continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Watches alive now (each a task and an entry in the change signal).
    public var activeWatchers: Int { changes.watchers }

    private func runWatch(
        _ operation: GraphQLOperation, variables: [String: JSONValue], pollInterval: Duration,
        continuation: AsyncStream<[String: JSONValue]?>.Continuation
    ) async {
        var (last, keys) = watchedRead(operation, variables: variables)
        // Registered in the same actor turn as the read: no write of this process falls between.
        let id = changes.register(keys: keys)
        let changes = changes
        defer {
            changes.unregister(id)
            continuation.finish()
        }
        var dataVersion = backend.dataVersion()
        continuation.yield(last)
        while !Task.isCancelled {
            let touched = await withTaskGroup(of: Bool.self) { group in
                group.addTask { await changes.wait(id) }
                group.addTask {
                    try? await Task.sleep(for: pollInterval)
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                // The other child may have seen the write too: count either.
                var touched = first
                while let more = await group.next() { touched = touched || more }
                return touched
            }
            guard !Task.isCancelled else { return }
            let version = backend.dataVersion()
            guard touched || version != dataVersion else { continue }
            dataVersion = version
            let answer: [String: JSONValue]?
            (answer, keys) = watchedRead(operation, variables: variables)
            changes.update(id, keys: keys)
            if answer != last {
                last = answer
                continuation.yield(answer)
            }
        }
    }

    /// The answer as ``read(_:variables:)`` gives it, and every record key the read reached
    /// (present or not), so that a write to any of them wakes the watch.
    private func watchedRead(_ operation: GraphQLOperation, variables: [String: JSONValue]) -> ([String: JSONValue]?, Set<String>) {
        let answer = read(operation, variables: variables)
        let keys = readRecords { snapshot in
            var store = RecordStore(snapshot: snapshot)
            _ = store.read(operation, variables: variables, oldestAllowed: nil)
            return store.reachedKeys
        }
        return (answer, keys)
    }
}

extension CacheBackend {
    /// No other process writes a backend by default (memory): its version never moves.
    func dataVersion() -> Int64? { nil }
}
