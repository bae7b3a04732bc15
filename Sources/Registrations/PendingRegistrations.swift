/// The ids handed out for registrations that have not reached their table yet: the one answer
/// to the race every table of waiters has, a consumer that stops (its task cancelled, its stream
/// dropped) before its registration arrived.
///
/// ``issue(_:)`` the id when it is made, then whichever comes first wins: ``register(_:)``
/// admits it (and a later ``cancel(_:)`` tells the caller to take it out of its table), or
/// ``cancel(_:)`` forgets it (and a later ``register(_:)`` refuses it). Either way the id is
/// held only until one of them comes, so a table that lives long does not collect ids.
/// A value to keep behind the same lock (or actor) as the table it guards.
package struct PendingRegistrations<ID: Hashable & Sendable>: Sendable {
    private var pending: Set<ID> = []
    /// How many ids ``issueNext()`` has handed out.
    private var issuedCount: UInt64 = 0

    package init() {}

    /// Notes that `id` was handed out and has not registered yet.
    package mutating func issue(_ id: ID) {
        pending.insert(id)
    }

    /// Whether `id` may register now: `false` when it was cancelled first.
    package mutating func register(_ id: ID) -> Bool {
        pending.remove(id) != nil
    }

    /// Cancels `id`: `true` when it had not registered (its registration will be refused, and
    /// there is nothing else to undo); `false` when it had, so the caller takes it out of its
    /// table if it is still there.
    package mutating func cancel(_ id: ID) -> Bool {
        pending.remove(id) != nil
    }

    /// How many ids are handed out and not registered yet.
    package var count: Int { pending.count }
}

extension PendingRegistrations where ID: FixedWidthInteger {
    /// Hands out the next id of the table's own sequence (0, 1, 2…) and notes it as issued: for
    /// tables whose ids mean nothing else.
    package mutating func issueNext() -> ID {
        let id = ID(truncatingIfNeeded: issuedCount)
        issuedCount &+= 1
        issue(id)
        return id
    }
}
