import Dispatch
import SingleThreadRuntime
import Synchronization
import Testing

/// Work started on a detached thread runs on a thread of its own, once.
@Suite("Detached thread", .timeLimit(.minutes(5)))
struct DetachedThreadTests {
    /// Counts how many bodies ran.
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Each body blocks until the test opens the gate, which it can do only if `start` returned
    /// without running the body on the caller's thread (a timer opens it after 240 s otherwise: on a saturated two-core machine the test itself can wait tens of seconds for a pool thread).
    @Test func bodiesRunOnThreadsOfTheirOwnExactlyOnce() async throws {
        let threads = 8
        let gate = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let ran = Counter()
        let openedByTimer = Counter()
        DispatchQueue.global().asyncAfter(deadline: .now() + 240) {
            openedByTimer.value.store(1, ordering: .relaxed)
            for _ in 0..<threads { gate.signal() }
        }
        for _ in 0..<threads {
            #expect(DetachedThread.start {
                gate.wait()
                ran.value.add(1, ordering: .relaxed)
                finished.signal()
            })
        }
        for _ in 0..<threads { gate.signal() }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                for _ in 0..<threads { finished.wait() }
                continuation.resume()
            }
        }
        let count = ran.value.load(ordering: .relaxed), timerOpened = openedByTimer.value.load(ordering: .relaxed)
        #expect(count == threads)
        #expect(timerOpened == 0)
    }
}
