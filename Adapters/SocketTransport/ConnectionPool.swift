import Transport
import Synchronization
import SocketEventLoop
import SocketTLS
import Registrations

/// A session's kept-alive HTTP/1.1 connections, per ``ConnectionOrigin``.
///
/// At most ``ConnectionPoolOptions/maximumConnectionsPerOrigin`` connections per origin exist at
/// once, idle or leased. A request takes the most recently used idle one, or leave to open one
/// while under the bound, or waits in line (holding no thread) until a leased one is released
/// or its deadline passes; cancelling a waiting request removes it from the line. A waiting
/// request's deadline is a timer on the ``EventLoop``'s clock, cancelled when it is served or
/// cancelled, so a line that moves leaves no timer behind. Idle connections are closed when
/// their idle timeout passes, by a reaper on the same loop's timers (one timer per pool at a
/// time, for the earliest expiry), without waiting for the next use; an expired one found on
/// use is closed too. The TLS session of the last connection to an origin is kept for the next
/// new one.
///
/// The state is behind a lock, never an actor: taking a connection does not hop to the Swift
/// concurrency pool, so a one-request process starts no threads for it.
final class ConnectionPool: Sendable {
    /// What a request gets: an idle connection to reuse, or the right to open one.
    enum Lease {
        case reuse(PooledConnection)
        case open
    }

    /// A request waiting in line for an origin, with the timer of its deadline (set on the
    /// loop once it is in line).
    struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Lease, any Error>
        var timer: EventLoop.ScheduledTimer?
    }

    /// One origin's connections, its line of requests and its last TLS session.
    struct Origin {
        var idle: [PooledConnection] = []
        /// Connections leased out (or being opened): `idle.count + leased` never exceeds the bound.
        var leased = 0
        var waiters: [Waiter] = []
        var session: TLSSession?

        var isUnused: Bool { idle.isEmpty && leased == 0 && waiters.isEmpty }
    }

    /// Every origin's entry, behind the pool's lock.
    struct State {
        var origins: [ConnectionOrigin: Origin] = [:]
        /// Requests about to wait in line; one cancelled before it got there is removed.
        var arriving = PendingRegistrations<UInt64>()
        /// When the reaper's timer runs next, if one is set.
        var reaperDue: ContinuousClock.Instant?
    }

    /// Connections opened so far, and how many of their TLS handshakes resumed a session.
    struct Statistics: Sendable, Hashable {
        var opened = 0
        var resumed = 0
    }

    let options: ConnectionPoolOptions
    /// The clock idle connections expire by (tests move it on instead of waiting).
    let now: @Sendable () -> ContinuousClock.Instant
    /// The loop whose timers run the reaper and the waiting requests' deadlines.
    let loop: EventLoop
    let state = Mutex(State())
    private let counters = Mutex(Statistics())

    /// What the pool has opened so far.
    var statistics: Statistics { counters.withLock { $0 } }

    /// Counts a connection just opened.
    func noteOpened(_ connection: PooledConnection) {
        let resumed = connection.tls.map { TLSSession.wasResumed($0.ssl) } ?? false
        counters.withLock { counters in
            counters.opened += 1
            if resumed { counters.resumed += 1 }
        }
    }

    init(
        options: ConnectionPoolOptions, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }, store: TLSSessionStore? = nil,
        loop: EventLoop = .shared
    ) {
        self.options = options
        self.now = now
        self.store = store
        self.loop = loop
    }

    private let store: TLSSessionStore?

    /// Where TLS sessions are kept across processes, when they are resumed at all.
    var sessionStore: TLSSessionStore? { options.resumesTLSSessions ? store : nil }

    /// A connection to `origin`: an idle one, the right to open one, or, once the origin is at
    /// its bound, whichever a released connection brings.
    ///
    /// Throws `CancellationError` when the task is cancelled while waiting and
    /// ``HTTPTransportError/Kind/timedOut`` when `deadline` passes first.
    func acquire(_ origin: ConnectionOrigin, deadline: ContinuousClock.Instant) async throws -> Lease {
        var expired: [PooledConnection] = []
        let now = now()
        let taken = state.withLock { state in
            Self.sweep(&state, now: now, expired: &expired)
            return Self.take(origin, from: &state, now: now, bound: options.maximumConnectionsPerOrigin, expired: &expired)
        }
        for connection in expired { connection.close() }
        if let taken { return taken }
        return try await wait(for: origin, until: deadline)
    }

    private func wait(for origin: ConnectionOrigin, until deadline: ContinuousClock.Instant) async throws -> Lease {
        let id = state.withLock { $0.arriving.issueNext() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                var expired: [PooledConnection] = []
                let now = now()
                let bound = options.maximumConnectionsPerOrigin
                let immediate = state.withLock { state -> Result<Lease, any Error>? in
                    guard state.arriving.register(id) else { return .failure(CancellationError()) }
                    if let taken = Self.take(origin, from: &state, now: now, bound: bound, expired: &expired) { return .success(taken) }
                    state.origins[origin, default: Origin()].waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                for connection in expired { connection.close() }
                if let immediate { return continuation.resume(with: immediate) }
                setTimer(for: id, of: origin, at: deadline)
            }
        } onCancel: {
            remove(id, of: origin, failing: CancellationError())
        }
    }

    /// Sets the deadline of request `id`, now in line, on the loop: only a request that waits
    /// has a timer. One served or cancelled meanwhile has its timer taken out at once.
    private func setTimer(for id: UInt64, of origin: ConnectionOrigin, at deadline: ContinuousClock.Instant) {
        let timer: EventLoop.ScheduledTimer
        do {
            timer = try loop.schedule(at: deadline) { [weak self] in self?.remove(id, of: origin, failing: HTTPTransportError(.timedOut)) }
        } catch {
            // The loop is shut down: the request cannot wait for a deadline nobody keeps.
            return remove(id, of: origin, failing: error)
        }
        let stillWaiting = state.withLock { state in
            guard let index = state.origins[origin]?.waiters.firstIndex(where: { $0.id == id }) else { return false }
            state.origins[origin]?.waiters[index].timer = timer
            return true
        }
        if !stillWaiting { loop.cancel(timer) }
    }

    /// Takes request `id` out of the line, with its timer, and fails it with `error`. Nothing
    /// happens once it has been served.
    private func remove(_ id: UInt64, of origin: ConnectionOrigin, failing error: any Error) {
        let waiter = state.withLock { state -> Waiter? in
            if state.arriving.cancel(id) { return nil }
            guard let index = state.origins[origin]?.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.origins[origin]?.waiters.remove(at: index)
        }
        if let timer = waiter?.timer { loop.cancel(timer) }
        waiter?.continuation.resume(throwing: error)
    }
}
