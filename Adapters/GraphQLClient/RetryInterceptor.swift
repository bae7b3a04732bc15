import Synchronization

/// Retries queries after transient failures (connection refused or reset, HTTP 502/503/504),
/// waiting a little longer each time. Mutations are never retried: they may have taken effect.
public struct RetryInterceptor: GraphQLInterceptor {
    /// The waits before each retry; their count is the number of retries.
    public let delays: [Duration]
    private let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - delays: Waits before the first, second… retry (default 100 ms then 300 ms).
    ///   - sleep: How to wait; tests pass one that returns at once.
    public init(
        delays: [Duration] = [.milliseconds(100), .milliseconds(300)],
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.delays = delays
        self.sleep = sleep
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        guard request.operation.kind == .query else { return try await next(request) }
        // Once a part of an incremental delivery went on, sending again would repeat it.
        var request = request
        let handedOn = Mutex(false)
        request.incrementalParts = request.incrementalParts?.before { _ in handedOn.withLock { $0 = true } }
        var attempt = 0
        while true {
            do {
                return try await next(request)
            } catch let error as GraphQLClientError where error.isTransient && attempt < delays.count && !handedOn.withLock({ $0 }) {
                try await sleep(delays[attempt])
                attempt += 1
            }
        }
    }
}
