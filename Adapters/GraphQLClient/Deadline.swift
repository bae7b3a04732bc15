/// Runs async work against a time limit.
package enum Deadline {
    /// The work's result, or `nil` when `limit` passes first on `clock` (the work is then cancelled).
    package static func run<T: Sendable>(
        within limit: Duration,
        clock: any Clock<Duration> = ContinuousClock(),
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T? {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await clock.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { return nil }
            return first
        }
    }
}
