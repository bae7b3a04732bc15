import Synchronization

/// One subscriber of ``TripsBookedHub``: a bounded stream of `tripsBooked` values.
public final class TripsBookedSubscriber: Sendable {
    /// The events, in publication order; ends when the subscriber overflows or is cancelled.
    public let events: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation
    private let overflow = Atomic<Bool>(false)

    init(bufferLimit: Int, onTermination: @escaping @Sendable () -> Void) {
        (events, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingOldest(bufferLimit))
        continuation.onTermination = { _ in onTermination() }
    }

    /// Whether the stream ended because the consumer fell `bufferLimit` events behind.
    public var overflowed: Bool {
        overflow.load(ordering: .acquiring)
    }

    /// Buffers an event; a full buffer ends the stream as overflowed.
    func deliver(_ value: Int) {
        if case .dropped = continuation.yield(value) {
            overflow.store(true, ordering: .releasing)
            continuation.finish()
        }
    }

    /// Ends the stream (its consumer has stopped).
    public func cancel() {
        continuation.finish()
    }
}
