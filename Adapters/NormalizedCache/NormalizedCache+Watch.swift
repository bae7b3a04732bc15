import GraphQLClient
import JSON

extension NormalizedCache {
    /// Watches a query's answer in the cache: the answer now (`nil` when the cache cannot
    /// answer it), then again each time it changes.
    ///
    /// A write by this process wakes the watch at once; a write by another process on the same
    /// SQLite file is noticed by polling `PRAGMA data_version` every `pollInterval` (at most
    /// 1 s). A write that leaves the answer as it was yields nothing. The watch lives while the
    /// stream is iterated: stopping iteration (or dropping the stream) ends it and frees it.
    /// A slow consumer gets the newest answer, never a backlog.
    public nonisolated func watch(
        _ operation: GraphQLOperation, variables: [String: JSONValue] = [:], pollInterval: Duration = .milliseconds(250)
    ) -> AsyncStream<[String: JSONValue]?> {
        let (stream, continuation) = AsyncStream.makeStream(of: [String: JSONValue]?.self, bufferingPolicy: .bufferingNewest(1))
        let interval = min(pollInterval, .seconds(1))
        let task = Task { await self.runWatch(operation, variables: variables, pollInterval: interval, continuation: continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Watches alive now (each a task and a place in the change signal's list).
    public var activeWatchers: Int { changes.watchers }

    private func runWatch(
        _ operation: GraphQLOperation, variables: [String: JSONValue], pollInterval: Duration,
        continuation: AsyncStream<[String: JSONValue]?>.Continuation
    ) async {
        changes.countWatcher(1)
        defer {
            changes.countWatcher(-1)
            continuation.finish()
        }
        var seen = changes.version
        var dataVersion = backend.dataVersion()
        var last = read(operation, variables: variables)
        continuation.yield(last)
        let changes = changes
        while !Task.isCancelled {
            let since = seen
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await changes.wait(after: since) }
                group.addTask { try? await Task.sleep(for: pollInterval) }
                await group.next()
                group.cancelAll()
            }
            guard !Task.isCancelled else { return }
            let version = backend.dataVersion()
            let current = changes.version
            guard current != seen || version != dataVersion else { continue }
            seen = current
            dataVersion = version
            let answer = read(operation, variables: variables)
            if answer != last {
                last = answer
                continuation.yield(answer)
            }
        }
    }
}

extension CacheBackend {
    /// No other process writes a backend by default (memory): its version never moves.
    func dataVersion() -> Int64? { nil }
}
