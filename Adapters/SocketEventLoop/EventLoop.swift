import Transport
import POSIXSupport
import SingleThreadRuntime
import Synchronization
import SocketSystem
import Registrations
#if canImport(Glibc)
import Glibc
#endif

/// A thread that waits, in one `epoll_wait(2)`, for the sockets of the exchanges and
/// WebSockets that run on it, and for their deadlines; and their task executor.
///
/// Exchanges and WebSockets are sequential async code over non-blocking sockets: a read or
/// write that would block awaits ``wait(for:until:)`` on ``current``, which registers the socket
/// and suspends the task, holding no thread. The loop's thread resumes it when the socket is
/// ready, when its deadline passes (``HTTPTransportError/Kind/timedOut``) or, at once, when the
/// task is cancelled (`CancellationError`). The code itself runs with the loop as its task
/// executor (``run(_:)`` on ``leastBusy()``): jobs are queued, a sleeping thread is woken
/// through a socket pair in its epoll set, and they run in order between two `epoll_wait`s,
/// so an exchange never waits for a thread of the global concurrency pool. A thousand
/// exchanges in flight are a thousand suspended tasks and at most four threads.
///
/// Deadlines are a heap the loop sleeps on (epoll_wait's timeout), so timers need no thread of
/// their own; ``schedule(at:_:)`` runs short work there too (the pool's idle reaper, a queued
/// request's timeout), and ``cancel(_:)`` takes it out. Any task can end a wait early through a
/// ``WakeUpFlag``: the loop hears of it through its one wake-up pair, as it hears of jobs. The
/// thread starts the first time something waits or is enqueued: a process that never does
/// starts nothing. ``shutdown()`` ends the thread and closes the loop's descriptors (the
/// process's loops stay for its life; tests shut down the loops they make).
package final class EventLoop: TaskExecutor, Sendable {
    /// A descriptor and the `EPOLL…` events to wait for.
    package struct Interest: Sendable {
        package let descriptor: Int32
        package let events: UInt32

        package init(descriptor: Int32, events: UInt32) {
            self.descriptor = descriptor
            self.events = events
        }

        package static func readable(_ descriptor: Int32) -> Interest { Interest(descriptor: descriptor, events: EventLoop.readable) }
        package static func writable(_ descriptor: Int32) -> Interest { Interest(descriptor: descriptor, events: EventLoop.writable) }
    }

    package static let readable = Epoll.readable
    package static let writable = Epoll.writable

    /// The process's loop: every wait is registered in its epoll set.
    package static let shared = EventLoop()

    /// The loops that run exchanges and WebSockets as their task executor: ``shared`` and three
    /// more, whose threads start on first use.
    private static let executors: [EventLoop] = [shared] + (1..<4).map { _ in EventLoop() }

    /// The executor loop with the fewest exchanges and WebSockets running on it (the first of
    /// them on a tie), so that a new exchange does not queue behind a long one while another
    /// loop is free, and a process that runs one at a time keeps to one thread.
    package static func leastBusy() -> EventLoop {
        var best = shared
        var fewest = Int.max
        for loop in executors {
            let running = loop.running.load(ordering: .relaxed)
            if running < fewest {
                best = loop
                fewest = running
            }
        }
        return best
    }

    /// A task waiting for its interests: resumed once, with what they are ready for or why not.
    struct Waiter {
        let continuation: CheckedContinuation<[UInt32], any Error>
        let interests: [Interest]
    }

    /// The loop's table of waits, timers and jobs, behind its lock.
    struct State {
        var waiters: [UInt64: Waiter] = [:]
        var actions: [UInt64: @Sendable () -> Void] = [:]
        /// Waits (and actions) that are about to register; one cancelled before is removed.
        var arriving = PendingRegistrations<UInt64>()
        var timers = TimerHeap()
        var nextID: UInt64 = 1
        var lifecycle = Lifecycle.idle
        /// Whether the thread sleeps in epoll_wait, and until when (`nil`: with no timeout).
        var sleeping = false
        var sleepingUntil: ContinuousClock.Instant?
        /// Task jobs enqueued on the loop as a ``TaskExecutor``, run in order on its thread.
        var jobs: [UnownedJob] = []
        /// Callers of ``shutdown()`` waiting for the thread to end and the descriptors to close.
        var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
        /// Whether the epoll set and the wake-up pair are closed (it happens once).
        var descriptorsClosed = false
    }

    /// Where the loop is in its life.
    enum Lifecycle {
        /// No thread: none has started yet, or the last one could not start or lost its epoll set.
        case idle
        /// A thread runs (or is starting).
        case running
        /// ``shutdown()`` was called: the thread ends at its next turn.
        case stopping
        /// The thread has ended and the descriptors are closed: nothing more is accepted.
        case closed

        /// Whether waits, timers and operations are accepted.
        var accepts: Bool { self == .idle || self == .running }
    }

    /// Interests per wait at most: the index rides in the event's low bits.
    static let indexBits: UInt64 = 4
    static let wakeToken = UInt64.max

    let epoll: Epoll?
    /// What wakes the thread from `epoll_wait`; `nil` when the system refused a socket pair.
    let wake: WakeUpPair?
    let state = Mutex(State())
    /// Operations running with the loop as their executor (``run(_:)``).
    private let running = Atomic<Int>(0)

    /// A loop of its own (``shared`` is the process's; tests make others, and shut them down).
    package init() {
        epoll = Epoll()
        wake = WakeUpPair()
        if let wake { _ = epoll?.add(wake.readEnd, events: Self.readable, token: Self.wakeToken) }
    }

    /// A loop that was never shut down closes its descriptors when it goes (its thread holds it
    /// while it runs).
    deinit {
        state.withLock { closeDescriptors(&$0) }
    }

    /// How many waits are registered now (for tests).
    package var waitCount: Int { state.withLock { $0.waiters.count } }
    /// How many timers are set now, for waits and scheduled work (for tests).
    package var timerCount: Int { state.withLock { $0.timers.count } }

    /// Waits until `descriptor` is ready for `events` (``readable`` or ``writable``) and returns
    /// what it is ready for.
    package func wait(for interest: Interest, until deadline: ContinuousClock.Instant?) async throws -> UInt32 {
        try await wait(for: [interest], until: deadline)[0]
    }

    /// Waits until any of `interests` (at most 16) is ready and returns, per interest, what it
    /// is ready for (0 for those that are not).
    ///
    /// Throws ``HTTPTransportError/Kind/timedOut`` when `deadline` passes first,
    /// `CancellationError` when the task is cancelled and ``EventLoopError`` when the loop is (or
    /// gets) shut down. Past the deadline the descriptors are still looked at once, without
    /// waiting: a task that was scheduled late must not call an answer that is already there a timeout.
    package func wait(for interests: [Interest], until deadline: ContinuousClock.Instant?) async throws -> [UInt32] {
        precondition(!interests.isEmpty && interests.count <= 1 << Self.indexBits)
        if let deadline, deadline <= .now { return try Self.lookOnce(at: interests) }
        try Task.checkCancellation()
        let id = issueID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                register(id, Waiter(continuation: continuation, interests: interests), until: deadline)
            }
        } onCancel: {
            finish(id, with: .failure(CancellationError()))
        }
    }

    /// Runs `operation` with the loop as its task executor: the exchange's code, and every
    /// continuation the loop resumes, run on the loop's thread, never waiting for a thread of
    /// the global concurrency pool (which other work may keep busy).
    ///
    /// Throws ``EventLoopError`` at once when the loop has been shut down.
    package func run<T>(_ operation: () async throws -> T) async throws -> T {
        guard state.withLock({ $0.lifecycle.accepts }) else { throw EventLoopError.shutDown(.operation) }
        running.add(1, ordering: .relaxed)
        defer { running.subtract(1, ordering: .relaxed) }
        return try await Self.$current.withValue(self) {
            try await withTaskExecutorPreference(self, operation: operation)
        }
    }

    /// The loop the task runs on (set by ``run(_:)``; ``shared`` elsewhere): its waits are
    /// registered there, so that each loop's thread watches the sockets of its own exchanges and
    /// a long exchange on one loop never delays another loop's readiness.
    @TaskLocal package static var current: EventLoop = shared

    /// Queues `job` for the loop's thread, waking it when it sleeps in `epoll_wait`; once the
    /// loop is shut down, the job runs on the global concurrency pool instead (a task that
    /// prefers the loop goes on rather than hang).
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        enum Step { case queued(wake: Bool, start: Bool), elsewhere }
        let step = state.withLock { state -> Step in
            guard state.lifecycle.accepts else { return .elsewhere }
            state.jobs.append(job)
            // One wake-up per sleep: the next job sees the thread already woken.
            let wake = state.sleeping
            state.sleeping = false
            return .queued(wake: wake, start: Self.claimStart(&state))
        }
        switch step {
        case .queued(let wake, let start):
            if start { startThread() }
            if wake { signal() }
        case .elsewhere:
            globalConcurrentExecutor.enqueue(job)
        }
    }
}
