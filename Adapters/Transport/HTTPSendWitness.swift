import Synchronization

/// Whether any byte of a request may have left for the server, as the session sending it
/// reports: what tells a failed mutation that provably never left from one whose outcome is
/// unknown.
///
/// Whoever sends binds a witness to ``current`` around ``HTTPSession/send(_:)``. A session that
/// can tell calls ``sessionWillReport()`` when it starts and ``beginSending()`` right before
/// it writes the request, which refuses once the exchange has been cancelled, so a request
/// cancelled before that point provably never leaves. A session that reports nothing leaves the
/// witness at ``State/unknown``: the request may have left.
public final class HTTPSendWitness: Sendable {
    /// What the session has said.
    public enum State: Sendable, Hashable {
        /// The session has not reported: the request may have left.
        case unknown
        /// The session reports, and has not started writing the request.
        case notSent
        /// The session has started writing the request (to the server or a plain-http proxy).
        case mayHaveSent
    }

    /// The witness of the request being sent in this task, if anyone asked.
    @TaskLocal public static var current: HTTPSendWitness?

    private let value = Mutex(State.unknown)

    public init() {}

    public var state: State { value.withLock { $0 } }

    /// Whether the request provably never left: the session reported, and never started writing.
    public var provesNotSent: Bool { state == .notSent }

    /// Called by a session that reports, before anything else.
    public func sessionWillReport() {
        value.withLock { if $0 == .unknown { $0 = .notSent } }
    }

    /// Called by the session right before it writes the request.
    public func beginSending() {
        value.withLock { $0 = .mayHaveSent }
    }
}
