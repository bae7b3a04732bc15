import Dispatch
import Foundation
import SingleThreadRuntime
import Synchronization
import Testing

/// Blocking file work runs off Swift's cooperative pool, and gives back its value or its error.
@Suite("File work queue", .timeLimit(.minutes(5)))
struct FileWorkQueueTests {
    struct Refused: Error, Equatable {}

    /// Set by whoever opens the gate when the test could not.
    final class Flag: Sendable {
        let isSet = Atomic<Bool>(false)
    }

    @Test func returnsTheValueAndThrowsTheTypedError() async throws {
        #expect(try await FileWorkQueue.run { () throws(Refused) in 42 } == 42)
        await #expect(throws: Refused()) { try await FileWorkQueue.run { () throws(Refused) in throw Refused() } }
    }

    /// More blocked callers than the pool has threads: if the work ran on the callers' threads,
    /// the pool would be full and this test's own task could not open the gate (a timer opens
    /// it after 120 s instead, and the test fails). The timer sits far above the time this
    /// task may wait for a pool thread at the start of a parallel run on a busy machine (20 s
    /// failed there, 35–55 s into the run).
    @Test func waitingCallersHoldNoPoolThread() async throws {
        let callers = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
        let gate = DispatchSemaphore(value: 0)
        let openedByTimer = Flag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) {
            openedByTimer.isSet.store(true, ordering: .relaxed)
            for _ in 0..<callers { gate.signal() }
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<callers {
                group.addTask { await FileWorkQueue.run { gate.wait(); return index } }
            }
            // A pool thread is free to run this: open the gate once per caller.
            await Task.yield()
            for _ in 0..<callers { gate.signal() }
            var finished = 0
            for try await _ in group { finished += 1 }
            #expect(finished == callers)
        }
        let timerOpenedTheGate = openedByTimer.isSet.load(ordering: .relaxed)
        #expect(!timerOpenedTheGate)
    }
}
