import Synchronization

/// Hands a ``ConnectionPool/Lease`` from the task that acquired it to the thread of its
/// exchange, exactly once: if that thread never takes it (the task was cancelled before the
/// thread started), the task gives it back.
final class LeaseHandover: Sendable {
    private let lease: Mutex<ConnectionPool.Lease?>

    init(_ lease: ConnectionPool.Lease) {
        self.lease = Mutex(lease)
    }

    /// The lease, the first time only.
    func take() -> ConnectionPool.Lease? {
        lease.withLock { lease in
            defer { lease = nil }
            return lease
        }
    }
}

extension ConnectionPool {
    /// Ends a lease that was never used: its idle connection, if any, is closed (its expiry is
    /// not known any more) and its place goes to the next request.
    func giveBack(_ lease: Lease, of origin: ConnectionOrigin) {
        if case .reuse(let connection) = lease { connection.close() }
        release(origin, keeping: nil, idleTimeout: .zero)
    }
}
