import Dispatch
import SingleThreadRuntime
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Everything a command runs on a ``CurrentThreadExecutor`` runs on the thread that called
/// `run`; its clock's sleeps end by time or by cancellation.
@Suite("Current-thread executor", .timeLimit(.minutes(5)))
struct CurrentThreadExecutorTests {
    /// Runs `operation` on a current-thread executor on a thread of its own (never on the
    /// test's pool), and returns its result with that thread's identity.
    private func onOwnThread<T: Sendable>(
        _ operation: @escaping @Sendable (CurrentThreadExecutor) async -> T
    ) async -> (result: T, thread: pthread_t) {
        await withCheckedContinuation { continuation in
            let started = DetachedThread.start {
                let result = CurrentThreadExecutor.run(operation)
                continuation.resume(returning: (result, pthread_self()))
            }
            precondition(started, "no thread for the test")
        }
    }

    /// A default actor: its work runs wherever the task's executor preference says.
    private actor Tally {
        var threads: [pthread_t] = []
        func note() { threads.append(pthread_self()) }
    }

    @Test func tasksChildTasksAndActorsRunOnTheCallingThread() async {
        let (threads, caller) = await onOwnThread { _ in
            var seen = [pthread_self()]
            let tally = Tally()
            let children = await withTaskGroup(of: pthread_t.self) { group in
                for _ in 0..<4 { group.addTask { pthread_self() } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            await tally.note()
            seen += children + (await tally.threads)
            return seen
        }
        #expect(threads.count == 6)
        #expect(threads.allSatisfy { pthread_equal($0, caller) != 0 })
    }

    /// Work resumed from another thread (as a blocking call's thread does) wakes the loop.
    @Test func aContinuationResumedFromAnotherThreadWakesTheLoop() async {
        let (value, _) = await onOwnThread { _ in
            await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                DetachedThread.start { continuation.resume(returning: 42) }
            }
        }
        #expect(value == 42)
    }

    @Test func aSleepEndsAfterItsDurationOnTheCallingThread() async {
        let ((slept, sleeper), caller) = await onOwnThread { executor in
            let started = ContinuousClock.now
            try? await executor.clock.sleep(for: .milliseconds(30))
            return (ContinuousClock.now - started, pthread_self())
        }
        #expect(slept >= .milliseconds(30))
        #expect(pthread_equal(sleeper, caller) != 0)
    }

    /// The sooner of two sleeps ends first, whichever was scheduled first.
    @Test func sleepsEndInTheOrderOfTheirDeadlines() async {
        let (order, _) = await onOwnThread { executor in
            await withTaskGroup(of: Int.self) { group in
                group.addTask { try? await executor.clock.sleep(for: .milliseconds(200)); return 2 }
                group.addTask { try? await executor.clock.sleep(for: .milliseconds(20)); return 1 }
                return await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        #expect(order == [1, 2])
    }

    /// Cancelling a sleeping task ends its sleep at once with `CancellationError`, before and
    /// after it started: an hour-long sleep would otherwise hold the test.
    @Test func cancellationEndsASleepAtOnce() async {
        let (outcomes, _) = await onOwnThread { executor in
            await withTaskGroup(of: String.self) { group in
                group.addTask {
                    do {
                        try await executor.clock.sleep(for: .seconds(3_600))
                        return "slept"
                    } catch {
                        return error is CancellationError ? "cancelled" : "\(error)"
                    }
                }
                group.addTask { "first" }
                var outcomes = [await group.next() ?? ""]
                group.cancelAll()
                outcomes.append(await group.next() ?? "")
                let early = Task(executorPreference: executor) {
                    withUnsafeCurrentTask { $0?.cancel() }
                    do {
                        try await executor.clock.sleep(for: .seconds(3_600))
                        return "slept"
                    } catch {
                        return error is CancellationError ? "cancelled" : "\(error)"
                    }
                }
                outcomes.append(await early.value)
                return outcomes
            }
        }
        #expect(outcomes == ["first", "cancelled", "cancelled"])
    }
}
