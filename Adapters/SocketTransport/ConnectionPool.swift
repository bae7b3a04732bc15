import Transport
import Synchronization
import SocketEventLoop
import SocketTLS

/// A session's kept-alive HTTP/1.1 connections, per ``ConnectionOrigin``.
///
/// At most ``ConnectionPoolOptions/maximumConnectionsPerOrigin`` connections per origin exist at
/// once, idle or leased. A request takes the most recently used idle one, or leave to open one
/// while under the bound, or waits in line (holding no thread) until a leased one is released
/// or its deadline passes; cancelling a waiting request removes it from the line. Idle
/// connections are closed when their idle timeout passes, by a reaper that runs on the
/// ``EventLoop``'s timers (one timer per pool at a time, for the earliest expiry), without
/// waiting for the next use; an expired one found on use is closed too. The TLS session of
/// the last connection to an origin is kept for the next new one.
///
/// The state is behind a lock, never an actor: taking a connection does not hop to the Swift
/// concurrency pool, so a one-request process starts no threads for it.
final class ConnectionPool: Sendable {
    /// What a request gets: an idle connection to reuse, or the right to open one.
    enum Lease {
        case reuse(PooledConnection)
        case open
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Lease, any Error>
        var timer: Task<Void, Never>?
    }

    private struct Origin {
        var idle: [PooledConnection] = []
        /// Connections leased out (or being opened): `idle.count + leased` never exceeds the bound.
        var leased = 0
        var waiters: [Waiter] = []
        var session: TLSSession?

        var isUnused: Bool { idle.isEmpty && leased == 0 && waiters.isEmpty }
    }

    private struct State {
        var origins: [ConnectionOrigin: Origin] = [:]
        var nextID: UInt64 = 0
        /// Requests about to wait in line; one cancelled before it got there is removed.
        var arriving: Set<UInt64> = []
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
    private let state = Mutex(State())
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

    init(options: ConnectionPoolOptions, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }, store: TLSSessionStore? = nil) {
        self.options = options
        self.now = now
        self.store = store
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
        let id = state.withLock { state in
            state.nextID += 1
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                var expired: [PooledConnection] = []
                let now = now()
                let bound = options.maximumConnectionsPerOrigin
                let immediate = state.withLock { state -> Result<Lease, any Error>? in
                    guard state.arriving.remove(id) != nil else { return .failure(CancellationError()) }
                    if let taken = Self.take(origin, from: &state, now: now, bound: bound, expired: &expired) { return .success(taken) }
                    state.origins[origin, default: Origin()].waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                for connection in expired { connection.close() }
                if let immediate { return continuation.resume(with: immediate) }
                // Only a request that waits has a timer, so nothing is started for one that does not.
                let timer = Task { [weak self] in
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    self?.remove(id, of: origin, failing: Task.isCancelled ? nil : HTTPTransportError(.timedOut))
                }
                let stillWaiting = state.withLock { state in
                    guard let index = state.origins[origin]?.waiters.firstIndex(where: { $0.id == id }) else { return false }
                    state.origins[origin]?.waiters[index].timer = timer
                    return true
                }
                if !stillWaiting { timer.cancel() }
            }
        } onCancel: {
            remove(id, of: origin, failing: CancellationError())
        }
    }

    /// Takes request `id` out of the line and fails it with `error` (a timer that was cancelled
    /// passes `nil`: the request was served). Nothing happens once it has been served.
    private func remove(_ id: UInt64, of origin: ConnectionOrigin, failing error: (any Error)?) {
        guard let error else { return }
        let waiter = state.withLock { state -> Waiter? in
            if state.arriving.remove(id) != nil { return nil }
            guard let index = state.origins[origin]?.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.origins[origin]?.waiters.remove(at: index)
        }
        waiter?.timer?.cancel()
        waiter?.continuation.resume(throwing: error)
    }

    /// Collects the idle connections of every origin that are past their expiry, and forgets
    /// origins with nothing left, so a session that moved on closes what it no longer uses.
    private static func sweep(_ state: inout State, now: ContinuousClock.Instant, expired: inout [PooledConnection]) {
        for key in state.origins.keys {
            guard var entry = state.origins[key], entry.idle.contains(where: { $0.expiry <= now }) || entry.isUnused else { continue }
            entry.idle.removeAll { connection in
                guard connection.expiry <= now else { return false }
                expired.append(connection)
                return true
            }
            state.origins[key] = entry.isUnused && entry.session == nil ? nil : entry
        }
    }

    /// An idle connection, or the right to open one, when the origin has one to give and
    /// nobody waits before; collects the idle connections past their expiry into `expired`.
    private static func take(
        _ origin: ConnectionOrigin, from state: inout State, now: ContinuousClock.Instant, bound: Int, expired: inout [PooledConnection]
    ) -> Lease? {
        // Changed in place: a copy of the entry would copy its line of waiters on every request.
        take(from: &state.origins[origin, default: Origin()], now: now, bound: bound, expired: &expired)
    }

    private static func take(from entry: inout Origin, now: ContinuousClock.Instant, bound: Int, expired: inout [PooledConnection]) -> Lease? {
        entry.idle.removeAll { connection in
            guard connection.expiry <= now else { return false }
            expired.append(connection)
            return true
        }
        guard entry.waiters.isEmpty else { return nil }
        if let connection = entry.idle.popLast() {
            entry.leased += 1
            return .reuse(connection)
        }
        guard entry.leased < bound else { return nil }
        entry.leased += 1
        return .open
    }

    /// Ends a lease: `connection`, when it can carry another request, goes to the first request
    /// in line or becomes idle for `idleTimeout`; otherwise (closed by the caller, or `nil`) its
    /// place goes to the first request in line, which opens a new one.
    func release(_ origin: ConnectionOrigin, keeping connection: PooledConnection?, idleTimeout: Duration) {
        let keep = idleTimeout > .zero ? connection : nil
        if let connection, keep == nil { connection.close() }
        let expiry = now() + idleTimeout
        var reapAt: ContinuousClock.Instant?
        let handover = state.withLock { state -> (Waiter, Lease)? in
            guard state.origins[origin] != nil else { return nil }
            // Changed in place (the entry exists, so the default is never used): a copy of the
            // entry would copy its line of waiters on every answer.
            let next = Self.release(in: &state.origins[origin, default: Origin()], keeping: keep, expiry: expiry)
            if let next { return next }
            if keep != nil { reapAt = Self.claimReaper(&state, for: expiry) }
            return nil
        }
        if let (waiter, lease) = handover {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: lease)
        }
        if let reapAt { scheduleReaper(at: reapAt, from: expiry - idleTimeout) }
    }

    /// Hands `keep` (or the right to open a connection) to the first request in line, or
    /// makes it idle until `expiry`; returns the request served, if any.
    private static func release(in entry: inout Origin, keeping keep: PooledConnection?, expiry: ContinuousClock.Instant) -> (Waiter, Lease)? {
        if !entry.waiters.isEmpty {
            return (entry.waiters.removeFirst(), keep.map(Lease.reuse) ?? .open)
        }
        entry.leased -= 1
        if let keep {
            keep.expiry = expiry
            entry.idle.append(keep)
        }
        return nil
    }

    /// Whether the reaper's timer must be (re)set for an idle connection expiring at `expiry`:
    /// when none is set, or the one set runs later.
    private static func claimReaper(_ state: inout State, for expiry: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        if let due = state.reaperDue, due <= expiry { return nil }
        state.reaperDue = expiry
        return expiry
    }

    /// Sets the reaper's timer for `expiry` on the pool's clock, read at `now`.
    private func scheduleReaper(at expiry: ContinuousClock.Instant, from now: ContinuousClock.Instant) {
        // The pool's clock may be a test's: the timer waits as long on the real one.
        EventLoop.shared.schedule(at: .now + (expiry - now)) { [weak self] in self?.reap(due: expiry) }
    }

    /// Closes every idle connection past its expiry, and sets the timer for the next one.
    private func reap(due: ContinuousClock.Instant) {
        var expired: [PooledConnection] = []
        let now = now()
        let next = state.withLock { state -> ContinuousClock.Instant? in
            // A timer set later, for an earlier expiry, has taken over.
            guard state.reaperDue == due else { return nil }
            state.reaperDue = nil
            Self.sweep(&state, now: now, expired: &expired)
            guard let earliest = state.origins.values.lazy.flatMap(\.idle).map(\.expiry).min() else { return nil }
            state.reaperDue = earliest
            return earliest
        }
        for connection in expired { connection.close() }
        if let next { scheduleReaper(at: next, from: now) }
    }

    /// The TLS session to offer a new connection to `origin`.
    func session(for origin: ConnectionOrigin) -> TLSSession? {
        guard options.resumesTLSSessions else { return nil }
        return state.withLock { $0.origins[origin]?.session }
    }

    /// Keeps `session` for the next new connection to `origin`.
    func keep(_ session: TLSSession, for origin: ConnectionOrigin) {
        guard options.resumesTLSSessions else { return }
        state.withLock { $0.origins[origin, default: Origin()].session = session }
    }

    /// The idle connections to `origin` (for tests).
    func idleConnections(_ origin: ConnectionOrigin) -> [PooledConnection] {
        state.withLock { $0.origins[origin]?.idle ?? [] }
    }

    /// How many connections to `origin` are idle and leased (for tests).
    func count(_ origin: ConnectionOrigin) -> (idle: Int, leased: Int, waiting: Int) {
        state.withLock { state in
            let entry = state.origins[origin] ?? Origin()
            return (entry.idle.count, entry.leased, entry.waiters.count)
        }
    }
}
