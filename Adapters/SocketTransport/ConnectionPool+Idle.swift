import Transport
import Synchronization
import SocketEventLoop
import SocketTLS

/// Idle connections: taken for a request, released to the next in line or kept until they
/// expire, and closed by the reaper on the event loop's timers.
extension ConnectionPool {
    /// Collects the idle connections of every origin that are past their expiry, and forgets
    /// origins with nothing left, so a session that moved on closes what it no longer uses.
    static func sweep(_ state: inout State, now: ContinuousClock.Instant, expired: inout [PooledConnection]) {
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
    static func take(
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
            // Served: its deadline's timer goes with it.
            if let timer = waiter.timer { loop.cancel(timer) }
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
        do {
            try loop.schedule(at: .now + (expiry - now)) { [weak self] in self?.reap(due: expiry) }
        } catch {
            // A loop that is shut down keeps no timers: the next use closes what has expired.
            state.withLock { state in if state.reaperDue == expiry { state.reaperDue = nil } }
        }
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
