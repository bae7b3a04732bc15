/// How the shared connection waits for its acknowledgement and reconnects after a drop:
/// exponential backoff with full jitter, on an injected sleep and clock so tests never really wait.
///
/// The backoff starts again only after a connection has stayed up for ``stableConnection``: a
/// server that acknowledges and then drops at once is reconnected at most once per
/// ``maximumDelay`` in the long run, never in a tight loop.
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
    /// How long a connection must stay up before a drop counts as new trouble (the backoff starts
    /// from ``initialDelay`` again) rather than the same trouble going on.
    public var stableConnection: Duration
    /// Picks the actual delay from the backoff's upper bound (by default uniformly in 50–100 %).
    public var jitter: @Sendable (Duration) -> Duration
    /// Waits; throws `CancellationError` when the waiting task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The time now, for ``stableConnection``.
    public var now: @Sendable () -> ContinuousClock.Instant

    public init(
        initialDelay: Duration = .milliseconds(250),
        maximumDelay: Duration = .seconds(10),
        acknowledgementTimeout: Duration = .seconds(10),
        keepAliveInterval: Duration? = .seconds(15),
        stableConnection: Duration = .seconds(30),
        jitter: @escaping @Sendable (Duration) -> Duration = { $0 * Double.random(in: 0.5...1.0) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.acknowledgementTimeout = acknowledgementTimeout
        self.keepAliveInterval = keepAliveInterval
        self.stableConnection = stableConnection
        self.jitter = jitter
        self.sleep = sleep
        self.now = now
    }

    /// The delay before reconnection attempt `attempt` (0 for the first), as ``delay(forAttempt:)`` picks it.
    package func delayForTesting(attempt: Int) -> Duration {
        delay(forAttempt: attempt)
    }

    /// The delay before reconnection attempt `attempt` (0 for the first).
    func delay(forAttempt attempt: Int) -> Duration {
        var bound = initialDelay
        for _ in 0..<min(attempt, 30) where bound < maximumDelay { bound = bound * 2 }
        return jitter(min(bound, maximumDelay))
    }
}
