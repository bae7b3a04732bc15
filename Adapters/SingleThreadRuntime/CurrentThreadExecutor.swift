import Dispatch
import POSIXSupport
import Synchronization

/// An executor that runs every job on one thread: the thread that calls ``run(_:)``.
///
/// A command-line process that runs one command needs no pool of threads. With this executor
/// as the task's executor preference, the command's async code (child tasks included) runs on
/// the calling thread; given as an actor's serial executor, that actor's work runs there too.
/// Only blocking I/O then needs a thread of its own, and ``clock`` sleeps without Dispatch's
/// timer threads. Jobs run in the order they arrive.
package final class CurrentThreadExecutor: TaskExecutor, SerialExecutor, Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var timers: [(deadline: ContinuousClock.Instant, sleep: PendingSleep)] = []
        /// Whether the thread waits (or is about to) for the wake-up semaphore.
        var isWaiting = false
        var isFinished = false
    }

    private enum Step {
        case run([UnownedJob])
        case fire([PendingSleep])
        case wait(until: ContinuousClock.Instant?)
        case stop
    }

    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    private init() {}

    /// A clock whose sleeps are woken by this executor's thread.
    package var clock: CurrentThreadClock { CurrentThreadClock(executor: self) }

    /// Runs `operation` with this executor as its preference on the calling thread, and
    /// returns its result once it ends.
    ///
    /// The calling thread runs jobs until then, and does nothing else: call it from a thread
    /// that no other work waits for (the main thread of a command-line program). Jobs that
    /// arrive after `operation` ended are not run, and ``clock``'s sleeps no longer end.
    package static func run<T: Sendable>(_ operation: @escaping @Sendable (CurrentThreadExecutor) async -> T) -> T {
        let executor = CurrentThreadExecutor()
        let result = Mutex<T?>(nil)
        Task(executorPreference: executor) {
            let value = await operation(executor)
            result.withLock { $0 = value }
            executor.state.withLock { $0.isFinished = true }
        }
        executor.runJobs()
        // `isFinished` is set after the result, under a lock the loop has taken since.
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the operation ended without a result") }
        return value
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        addWork { $0.jobs.append(job) }
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Wakes `sleep` (unless it was cancelled first) once `deadline` has passed.
    func schedule(_ sleep: PendingSleep, at deadline: ContinuousClock.Instant) {
        addWork { $0.timers.append((deadline, sleep)) }
    }

    /// Adds a job or a timer with `add`, and wakes the thread if it waits.
    private func addWork(_ add: (inout State) -> Void) {
        let wake = state.withLock { state in
            add(&state)
            defer { state.isWaiting = false }
            return state.isWaiting
        }
        if wake { wakeUp.signal() }
    }

    /// Forgets `sleep`'s timer (it was cancelled).
    func unschedule(_ sleep: PendingSleep) {
        state.withLock { state in state.timers.removeAll { $0.sleep === sleep } }
    }

    private func runJobs() {
        let serial = asUnownedSerialExecutor(), task = asUnownedTaskExecutor()
        while true {
            switch nextStep() {
            case .run(let jobs):
                for job in jobs { job.runSynchronously(isolatedTo: serial, taskExecutor: task) }
            case .fire(let sleeps):
                for sleep in sleeps { sleep.finish() }
            case .wait(let deadline):
                waitForWork(until: deadline)
            case .stop:
                return
            }
        }
    }

    private func nextStep() -> Step {
        state.withLock { state in
            if state.isFinished { return .stop }
            if !state.jobs.isEmpty {
                defer { state.jobs = [] }
                return .run(state.jobs)
            }
            let now = ContinuousClock.now
            let due = state.timers.filter { $0.deadline <= now }.map(\.sleep)
            if !due.isEmpty {
                state.timers.removeAll { $0.deadline <= now }
                return .fire(due)
            }
            state.isWaiting = true
            return .wait(until: state.timers.map(\.deadline).min())
        }
    }

    /// Waits for a job or a timer, or until `deadline` passes.
    private func waitForWork(until deadline: ContinuousClock.Instant?) {
        guard let deadline else {
            wakeUp.wait()
            return
        }
        let milliseconds = Int((deadline - .now).waitMilliseconds)
        if wakeUp.wait(timeout: .now() + .milliseconds(milliseconds)) == .timedOut {
            // Without a signal on its way, stop expecting one; a signal already sent is taken
            // by the next wait, which then returns at once.
            state.withLock { $0.isWaiting = false }
        }
    }
}
