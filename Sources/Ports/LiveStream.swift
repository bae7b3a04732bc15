/// A live feed that runs while it is iterated and stops, freeing everything, when its
/// consumer stops: no cancel call is needed.
///
/// Each iteration starts the producer afresh in a task of its own. Leaving the loop (`break`,
/// `return`, a thrown error), cancelling the consuming task, or dropping the iterator cancels
/// that task, so the producer's `onTermination`, `defer` and cancellation handlers run and
/// what it holds (a socket, a cache watcher, a subscription) is released.
///
/// Memory is bounded: at most `bufferLimit` elements wait for a slow consumer; past that the
/// oldest waiting one is dropped, and ``Emitter/yield(_:)`` returns `false` so the producer can
/// report the gap (``LiveUpdate/interrupted(_:)`` and ``LiveUpdate/resumed``, or a fresh
/// snapshot). Iteration throws what the producer throws (adapters throw ``ServiceError``,
/// use cases ``UseCaseError`` too).
public struct LiveStream<Element: Sendable>: AsyncSequence, Sendable {
    /// Hands elements to the consumer.
    public struct Emitter: Sendable {
        fileprivate let continuation: AsyncThrowingStream<Element, any Error>.Continuation

        /// Passes `element` on; `false` when a waiting element had to be dropped for it, or the
        /// consumer is gone.
        @discardableResult
        public func yield(_ element: Element) -> Bool {
            switch continuation.yield(element) {
            case .enqueued: true
            case .dropped, .terminated: false
            @unknown default: false
            }
        }
    }

    /// Elements that may wait for the consumer before the oldest is dropped.
    public let bufferLimit: Int
    private let produce: @Sendable (Emitter) async throws -> Void

    /// A stream whose elements `produce` hands to its emitter; the stream ends when `produce`
    /// returns, and fails with what it throws.
    public init(bufferLimit: Int = 256, _ produce: @escaping @Sendable (Emitter) async throws -> Void) {
        self.bufferLimit = Swift.max(1, bufferLimit)
        self.produce = produce
    }

    /// A stream that fails at once with `error` when iterated.
    public static func failing(_ error: any Error) -> LiveStream {
        LiveStream { _ in throw error }
    }

    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Element.self,
            throwing: (any Error).self,
            bufferingPolicy: .bufferingNewest(bufferLimit)
        )
        let produce = produce
        let task = Task {
            do {
                try await produce(Emitter(continuation: continuation))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return Iterator(base: stream.makeAsyncIterator(), task: task)
    }

    /// Iterates one run of the producer; dropping it stops the producer.
    public final class Iterator: AsyncIteratorProtocol {
        private var base: AsyncThrowingStream<Element, any Error>.AsyncIterator
        private let task: Task<Void, Never>

        fileprivate init(base: AsyncThrowingStream<Element, any Error>.AsyncIterator, task: Task<Void, Never>) {
            self.base = base
            self.task = task
        }

        public func next() async throws -> Element? {
            try await base.next()
        }

        public func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            try await base.next(isolation: actor)
        }

        deinit {
            task.cancel()
        }
    }
}
