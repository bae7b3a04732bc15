import Ports
import Testing

@Suite("LiveStream", .timeLimit(.minutes(1)))
struct LiveStreamTests {
    struct Failure: Error, Equatable {}

    @Test func elementsArriveInOrderThenTheStreamEnds() async throws {
        let stream = LiveStream<Int> { emitter in
            for value in 1...5 { emitter.yield(value) }
        }
        var seen: [Int] = []
        for try await value in stream { seen.append(value) }
        #expect(seen == [1, 2, 3, 4, 5])
    }

    @Test func theProducersErrorIsThrownAfterItsElements() async throws {
        let stream = LiveStream<Int> { emitter in
            emitter.yield(1)
            throw Failure()
        }
        let iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        await #expect(throws: Failure()) { try await iterator.next() }
        await #expect(throws: Failure()) { try await LiveStream<Int>.failing(Failure()).makeAsyncIterator().next() }
    }

    @Test func eachIterationRunsTheProducerAfresh() async throws {
        let stream = LiveStream<Int> { emitter in emitter.yield(7) }
        for _ in 0..<3 {
            #expect(try await stream.makeAsyncIterator().next() == 7)
        }
    }

    @Test func droppingTheIteratorCancelsTheProducer() async throws {
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        let stream = LiveStream<Int> { emitter in
            emitter.yield(1)
            let (never, stop) = AsyncStream.makeStream(of: Void.self)
            await withTaskCancellationHandler {
                for await _ in never {}
            } onCancel: {
                stop.finish()
            }
            end.finish()
        }
        do {
            let iterator = stream.makeAsyncIterator()
            #expect(try await iterator.next() == 1)
        }
        // The iterator is gone: the producer was cancelled and ran to its end.
        for await _ in ended {}
    }

    @Test func aSlowConsumerKeepsOnlyTheNewestElements() async throws {
        let (done, finish) = AsyncStream.makeStream(of: [Bool].self)
        let stream = LiveStream<Int>(bufferLimit: 3) { emitter in
            finish.yield((1...10).map { emitter.yield($0) })
            finish.finish()
        }
        let iterator = stream.makeAsyncIterator()
        var results: [Bool] = []
        for await batch in done { results = batch }
        #expect(results == Array(repeating: true, count: 3) + Array(repeating: false, count: 7))
        var seen: [Int] = []
        while let value = try await iterator.next() { seen.append(value) }
        #expect(seen == [8, 9, 10])
    }
}
