/// How the shared connection waits for its acknowledgement and reconnects after a drop:
/// exponential backoff with full jitter, on an injected sleep so tests never really wait.
public struct SubscriptionReconnection: Sendable {
    /// The first delay before reconnecting; each further attempt doubles it up to ``maximumDelay``.
    public var initialDelay: Duration
    public var maximumDelay: Duration
    /// How long the server may take to answer `connection_init` with `connection_ack`.
    public var acknowledgementTimeout: Duration
    /// How often an open connection is checked: in graphql-transport-ws the client sends a
    /// `ping` then; a connection that brought no message (event, `pong`, `ka`) for two intervals
    /// is taken as dropped and reconnected. `nil` checks nothing.
    public var keepAliveInterval: Duration?
    /// Picks the actual delay from the backoff's upper bound (by default uniformly in 50–100 %).
    public var jitter: @Sendable (Duration) -> Duration
    /// Waits; throws `CancellationError` when the waiting task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(
        initialDelay: Duration = .milliseconds(250),
        maximumDelay: Duration = .seconds(10),
        acknowledgementTimeout: Duration = .seconds(10),
        keepAliveInterval: Duration? = .seconds(15),
        jitter: @escaping @Sendable (Duration) -> Duration = { $0 * Double.random(in: 0.5...1.0) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.acknowledgementTimeout = acknowledgementTimeout
        self.keepAliveInterval = keepAliveInterval
        self.jitter = jitter
        self.sleep = sleep
    }

    /// The delay before reconnection attempt `attempt` (0 for the first), as ``delay(forAttempt:)`` picks it.
    public func delayForTesting(attempt: Int) -> Duration {
        delay(forAttempt: attempt)
    }

    /// The delay before reconnection attempt `attempt` (0 for the first).
    func delay(forAttempt attempt: Int) -> Duration {
        var bound = initialDelay
        for _ in 0..<min(attempt, 30) where bound < maximumDelay { bound = bound * 2 }
        return jitter(min(bound, maximumDelay))
    }
}
