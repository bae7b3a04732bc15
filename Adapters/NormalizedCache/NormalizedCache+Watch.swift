import CacheRecords
import GraphQLClient
import JSON
import SingleThreadRuntime

extension NormalizedCache {
    /// Watches a query's answer in the cache: the answer now (`nil` when the cache cannot
    /// answer it), then again each time it changes.
    ///
    /// A write by this process to a record the last read reached (present or missing) wakes
    /// the watch at once. A commit by another process on the same SQLite file wakes it through
    /// the kernel's file events on the database and its log (inotify), confirmed by
    /// `PRAGMA data_version`; nothing runs while nothing changes. Where the system cannot
    /// report file events, the watch checks `PRAGMA data_version` every `pollInterval` (at
    /// most 1 s) instead. A write that leaves the answer as it was yields nothing. The watch
    /// lives while the stream is iterated: stopping iteration (or dropping the stream) ends it
    /// and frees it. A slow consumer gets the newest answer, never a backlog.
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

    /// Whether the watches learn of other processes' commits from the kernel's file events
    /// (`true` once a watch of a SQLite cache started, where the system reports them), rather
    /// than by polling.
    public var followsOtherProcessesByFileEvents: Bool { fileMonitor?.isActive == true }

    /// How long after a file event that showed no commit yet the watch looks again: the writer
    /// updates the log's index just after writing the log, so the commit may show a moment later.
    static let settleChecks: [Duration] = [.milliseconds(10), .milliseconds(50), .milliseconds(250)]

    private func runWatch(
        _ operation: GraphQLOperation, variables: [String: JSONValue], pollInterval: Duration,
        continuation: AsyncStream<[String: JSONValue]?>.Continuation
    ) async {
        // The monitor first, then the version, then the read: a commit after any of them is seen.
        var monitored = monitorOtherProcesses()
        var dataVersion = backend.dataVersion()
        var (last, keys) = watchedRead(operation, variables: variables)
        // Registered in the same actor turn as the read: no write of this process falls between.
        let id = changes.register(keys: keys)
        let changes = changes
        defer {
            changes.unregister(id)
            continuation.finish()
        }
        continuation.yield(last)
        var settling: ArraySlice<Duration> = []
        while !Task.isCancelled {
            let wake = await Self.wait(changes, id, atMost: monitored ? settling.first : pollInterval)
            guard !Task.isCancelled else { return }
            monitored = monitorOtherProcesses()
            let version = backend.dataVersion()
            let committed = version != dataVersion
            if committed || wake?.otherProcess == true {
                // A file event with no commit to show yet is looked at again a moment later.
                settling = committed ? [] : (wake?.otherProcess == true ? Self.settleChecks[...] : settling.dropFirst())
            } else if wake == nil {
                settling = settling.dropFirst()
            }
            guard wake?.touched == true || committed else { continue }
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

    /// Waits for a wake of watcher `id`, or `limit` at most (forever when `nil`); `nil` when
    /// the time ran out (or the task was cancelled).
    private static func wait(_ changes: CacheChangeSignal, _ id: Int, atMost limit: Duration?) async -> CacheChangeSignal.Wake? {
        guard let limit else { return await changes.wait(id) }
        return await withTaskGroup(of: CacheChangeSignal.Wake?.self) { group in
            group.addTask { await changes.wait(id) }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            // The other child may have seen a wake too: count both.
            var wake = first
            while let more = await group.next() {
                guard let more else { continue }
                wake = CacheChangeSignal.Wake(
                    touched: (wake?.touched ?? false) || more.touched, otherProcess: (wake?.otherProcess ?? false) || more.otherProcess
                )
            }
            return wake
        }
    }

    /// Starts the file monitor when no live one runs: whether other processes' commits wake
    /// the watchers (else they poll).
    private func monitorOtherProcesses() -> Bool {
        if fileMonitor?.isActive == true { return true }
        let changes = changes
        fileMonitor = backend.changeMonitor { changes.signalOtherProcess() }
        return fileMonitor != nil
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
