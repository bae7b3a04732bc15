import Domain
import Ports
import Synchronization

/// An in-memory ``BookingActivityFeed``: what is published reaches every iteration running
/// now, as the tutorial server's subscription does.
///
/// Give it to an ``InMemoryTutorialServer`` (`activity:`) to have bookings and cancellations
/// published as the hosted server does.
public final class InMemoryBookingActivityFeed: BookingActivityFeed {
    private struct State {
        var subscribers: [Int: LiveStream<LiveUpdate<BookingActivity>>.Emitter] = [:]
        var nextID = 0
        var refusal: ServiceError?
    }

    private let state = Mutex(State())
    /// Iterations running now (each one a live connection): tests wait on it to subscribe
    /// before publishing, and to prove that stopping iteration frees everything.
    public let subscribers = LiveCount()

    public init() {}

    /// Makes later iterations fail at once with `error` (the server cannot be reached), or
    /// connect again (`nil`).
    public func refuseConnections(with error: ServiceError?) {
        state.withLock { $0.refusal = error }
    }

    /// Passes `update` to every running iteration.
    public func publish(_ update: LiveUpdate<BookingActivity>) {
        let emitters = state.withLock { Array($0.subscribers.values) }
        for emitter in emitters {
            emitter.yield(update)
        }
    }

    public func bookingActivity() -> LiveStream<LiveUpdate<BookingActivity>> {
        LiveStream { [self] emitter in
            let id = try register(emitter)
            subscribers.add(1)
            await untilCancelled()
            state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            subscribers.add(-1)
        }
    }

    private func register(_ emitter: LiveStream<LiveUpdate<BookingActivity>>.Emitter) throws(ServiceError) -> Int {
        try state.withLock { state throws(ServiceError) -> Int in
            if let refusal = state.refusal { throw refusal }
            state.nextID += 1
            state.subscribers[state.nextID] = emitter
            return state.nextID
        }
    }
}
