import Synchronization

/// Fans `Subscription.tripsBooked` events out to every live subscriber without ever waiting.
///
/// `publish(_:)` (called by `bookTrips` and `cancelTrip` after the change is stored) only
/// appends to each subscriber's bounded buffer, so a slow subscriber never holds up a
/// mutation. A subscriber whose buffer is full is ended as overflowed (its connection reports
/// an error for that subscription) instead of losing events silently or growing without bound.
public final class TripsBookedHub: Sendable {
    private struct State {
        var subscribers: [Int: TripsBookedSubscriber] = [:]
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())
    private let nextID = Atomic<Int>(0)
    /// Events one subscriber may have waiting before it is ended as overflowed.
    public let bufferLimit: Int

    /// Creates a hub whose subscribers each buffer at most `bufferLimit` events.
    public init(bufferLimit: Int = 1024) {
        self.bufferLimit = max(1, bufferLimit)
    }

    /// The number of live subscribers (for tests and diagnostics).
    public var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }

    /// Returns once exactly `count` subscribers are live (at once if they are now): tests wait
    /// on it for a client to have subscribed, or for every subscription to be freed.
    public func waitForSubscribers(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                guard state.subscribers.count != count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    /// Registers a subscriber; it is removed when its event stream ends or its consumer stops.
    public func subscribe() -> TripsBookedSubscriber {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let subscriber = TripsBookedSubscriber(bufferLimit: bufferLimit) { [weak self] in
            self?.remove(id)
        }
        change { $0[id] = subscriber }
        return subscriber
    }

    /// Hands `value` to every subscriber; never blocks.
    public func publish(_ value: Int) {
        let current = state.withLock { Array($0.subscribers.values) }
        for subscriber in current {
            subscriber.deliver(value)
        }
    }

    private func remove(_ id: Int) {
        change { _ = $0.removeValue(forKey: id) }
    }

    /// Changes the subscribers and wakes the waiters whose count it reaches.
    private func change(_ body: (inout [Int: TripsBookedSubscriber]) -> Void) {
        let woken = state.withLock { state in
            body(&state.subscribers)
            let count = state.subscribers.count
            let ready = state.waiters.filter { $0.count == count }.map(\.continuation)
            state.waiters.removeAll { $0.count == count }
            return ready
        }
        for continuation in woken {
            continuation.resume()
        }
    }
}
