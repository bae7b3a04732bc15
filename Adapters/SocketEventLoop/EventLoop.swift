import Transport
import POSIXSupport
import SingleThreadRuntime
import Synchronization
import SocketSystem
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
/// their own; ``schedule(at:_:)`` runs short work there too (the pool's idle reaper). The thread
/// starts the first time something waits or is enqueued: a process that never does starts nothing.
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

    private struct Waiter {
        let continuation: CheckedContinuation<[UInt32], any Error>
        let interests: [Interest]
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var actions: [UInt64: @Sendable () -> Void] = [:]
        /// Waits (and actions) that are about to register; one cancelled before is removed.
        var arriving: Set<UInt64> = []
        var timers = TimerHeap()
        var nextID: UInt64 = 1
        var started = false
        /// Whether the thread sleeps in epoll_wait, and until when (`nil`: with no timeout).
        var sleeping = false
        var sleepingUntil: ContinuousClock.Instant?
        /// Task jobs enqueued on the loop as a ``TaskExecutor``, run in order on its thread.
        var jobs: [UnownedJob] = []
    }

    /// Interests per wait at most: the index rides in the event's low bits.
    private static let indexBits: UInt64 = 4
    private static let wakeToken = UInt64.max

    private let epoll: Epoll?
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Mutex(State())
    /// Operations running with the loop as their executor (``run(_:)``).
    private let running = Atomic<Int>(0)

    /// A loop of its own (``shared`` is the process's; tests make others).
    package init() {
        epoll = Epoll()
        var descriptors: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        if socketpair(AF_UNIX, type, 0, &descriptors) != 0 { descriptors = [-1, -1] }
        wakeRead = descriptors[0]
        wakeWrite = descriptors[1]
        if wakeRead >= 0 { _ = epoll?.add(wakeRead, events: Self.readable, token: Self.wakeToken) }
    }

    /// How many waits are registered now (for tests).
    package var waitCount: Int { state.withLock { $0.waiters.count } }

    /// Waits until `descriptor` is ready for `events` (``readable`` or ``writable``) and returns
    /// what it is ready for.
    package func wait(for interest: Interest, until deadline: ContinuousClock.Instant?) async throws -> UInt32 {
        try await wait(for: [interest], until: deadline)[0]
    }

    /// Waits until any of `interests` (at most 16) is ready and returns, per interest, what it
    /// is ready for (0 for those that are not).
    ///
    /// Throws ``HTTPTransportError/Kind/timedOut`` when `deadline` passes first and
    /// `CancellationError` when the task is cancelled. Past the deadline the descriptors are
    /// still looked at once, without waiting: a task that was scheduled late must not call an
    /// answer that is already there a timeout.
    package func wait(for interests: [Interest], until deadline: ContinuousClock.Instant?) async throws -> [UInt32] {
        precondition(!interests.isEmpty && interests.count <= 1 << Self.indexBits)
        if let deadline, deadline <= .now { return try Self.lookOnce(at: interests) }
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                register(id, Waiter(continuation: continuation, interests: interests), until: deadline)
            }
        } onCancel: {
            finish(id, with: .failure(CancellationError()))
        }
    }

    /// Runs `action` on the loop's thread once `deadline` has passed; it must be short and
    /// must not wait.
    package func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) {
        let (wake, start) = state.withLock { state -> (Bool, Bool) in
            let id = state.nextID
            state.nextID += 1
            state.actions[id] = action
            state.timers.push(deadline, id)
            return (Self.needsWake(state, for: deadline), Self.claimStart(&state))
        }
        if start { startThread() }
        if wake { signal() }
    }

    /// Runs `operation` with the loop as its task executor: the exchange's code, and every
    /// continuation the loop resumes, run on the loop's thread, never waiting for a thread of
    /// the global concurrency pool (which other work may keep busy).
    package func run<T>(_ operation: () async throws -> T) async throws -> T {
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

    /// Queues `job` for the loop's thread, waking it when it sleeps in `epoll_wait`.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let (wake, start) = state.withLock { state -> (Bool, Bool) in
            state.jobs.append(job)
            // One wake-up per sleep: the next job sees the thread already woken.
            let wake = state.sleeping
            state.sleeping = false
            return (wake, Self.claimStart(&state))
        }
        if start { startThread() }
        if wake { signal() }
    }

    private func register(_ id: UInt64, _ waiter: Waiter, until deadline: ContinuousClock.Instant?) {
        enum Outcome { case waiting(wake: Bool, start: Bool), cancelled, failed(Int32) }
        let outcome = state.withLock { state -> Outcome in
            guard state.arriving.remove(id) != nil else { return .cancelled }
            guard let epoll, wakeRead >= 0 else { return .failed(EMFILE) }
            // Registered under the lock, so that nothing finishes the wait between the table
            // and epoll: a finished wait's descriptors are always out of epoll before it resumes.
            for (index, interest) in waiter.interests.enumerated() {
                let token = id << Self.indexBits | UInt64(index)
                if let code = epoll.add(interest.descriptor, events: interest.events | Epoll.oneShot, token: token) {
                    for earlier in waiter.interests[..<index] { epoll.remove(earlier.descriptor) }
                    return .failed(code)
                }
            }
            state.waiters[id] = waiter
            var wake = false
            if let deadline {
                state.timers.push(deadline, id)
                wake = Self.needsWake(state, for: deadline)
            }
            return .waiting(wake: wake, start: Self.claimStart(&state))
        }
        switch outcome {
        case .waiting(let wake, let start):
            if start { startThread() }
            if wake { signal() }
        case .cancelled: waiter.continuation.resume(throwing: CancellationError())
        case .failed(let code): waiter.continuation.resume(throwing: SocketConnection.error(code))
        }
    }

    /// Ends wait `id` (if it still waits) with `result`, its descriptors out of epoll first.
    private func finish(_ id: UInt64, with result: Result<[UInt32], any Error>) {
        let waiter = state.withLock { state -> Waiter? in
            if state.arriving.remove(id) != nil { return nil }
            guard let waiter = state.waiters.removeValue(forKey: id) else { return nil }
            for interest in waiter.interests { epoll?.remove(interest.descriptor) }
            return waiter
        }
        waiter?.continuation.resume(with: result)
    }

    /// Whether the sleeping thread must wake to honour `deadline`.
    private static func needsWake(_ state: State, for deadline: ContinuousClock.Instant) -> Bool {
        guard state.sleeping else { return false }
        return state.sleepingUntil.map { deadline < $0 } ?? true
    }

    /// Whether the caller is the one to start the thread.
    private static func claimStart(_ state: inout State) -> Bool {
        defer { state.started = true }
        return !state.started
    }

    private func startThread() {
        if !DetachedThread.start({ self.run() }) {
            // No thread: every wait fails rather than hang, and the next one tries again.
            let waiting = state.withLock { state -> [Waiter] in
                state.started = false
                defer { state.waiters = [:] }
                for waiter in state.waiters.values {
                    for interest in waiter.interests { epoll?.remove(interest.descriptor) }
                }
                return Array(state.waiters.values)
            }
            for waiter in waiting { waiter.continuation.resume(throwing: HTTPTransportError(.system(errno: EAGAIN))) }
            // Jobs still run, on the global pool, rather than never.
            let jobs = state.withLock { state in
                defer { state.jobs = [] }
                return state.jobs
            }
            for job in jobs { globalConcurrentExecutor.enqueue(job) }
        }
    }

    private func signal() {
        var byte: UInt8 = 1
        _ = send(wakeWrite, &byte, 1, Int32(MSG_NOSIGNAL))
    }

    private static func lookOnce(at interests: [Interest]) throws -> [UInt32] {
        var descriptors = interests.map { interest in
            pollfd(fd: interest.descriptor, events: Int16(truncatingIfNeeded: interest.events), revents: 0)
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), 0)
        if ready > 0 { return descriptors.map { UInt32(UInt16(bitPattern: $0.revents)) } }
        throw HTTPTransportError(.timedOut)
    }

    // MARK: The loop's thread

    private func run() {
        guard let epoll else { return }
        let events = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * Epoll.eventSize, alignment: 8)
        let executor = asUnownedTaskExecutor()
        while true {
            // Deadlines that passed, scheduled work that is due and the jobs enqueued so far.
            let now = ContinuousClock.now
            var expired: [Waiter] = []
            var due: [@Sendable () -> Void] = []
            let jobs = state.withLock { state -> [UnownedJob] in
                while let next = state.timers.first, next.deadline <= now {
                    state.timers.popFirst()
                    if let waiter = state.waiters.removeValue(forKey: next.id) {
                        for interest in waiter.interests { epoll.remove(interest.descriptor) }
                        expired.append(waiter)
                    } else if let action = state.actions.removeValue(forKey: next.id) {
                        due.append(action)
                    }
                    // Timers of waits that ended otherwise are dropped as they come up.
                }
                defer { state.jobs = [] }
                return state.jobs
            }
            for waiter in expired { waiter.continuation.resume(throwing: HTTPTransportError(.timedOut)) }
            for action in due { action() }
            for job in jobs { job.runSynchronously(on: executor) }
            // Sleep only when nothing is left to run: a job enqueued after this wakes the thread.
            let timeout = state.withLock { state -> Int32 in
                let later = ContinuousClock.now
                if !state.jobs.isEmpty || (state.timers.first.map { $0.deadline <= later } ?? false) {
                    state.sleeping = false
                    return 0
                }
                state.sleeping = true
                state.sleepingUntil = state.timers.first?.deadline
                return state.sleepingUntil.map { ($0 - later).waitMilliseconds } ?? -1
            }
            let count = epoll.wait(into: events, timeout: timeout)
            var ready: [(Waiter, [UInt32])] = []
            state.withLock { state in
                state.sleeping = false
                for index in 0..<count {
                    let event = Epoll.event(index, in: events)
                    let token = event.token
                    if token == Self.wakeToken {
                        var bytes = [UInt8](repeating: 0, count: 64)
                        while recv(wakeRead, &bytes, bytes.count, 0) > 0 {}
                        continue
                    }
                    let id = token >> Self.indexBits
                    guard let waiter = state.waiters.removeValue(forKey: id) else { continue }
                    for interest in waiter.interests { epoll.remove(interest.descriptor) }
                    var revents = [UInt32](repeating: 0, count: waiter.interests.count)
                    revents[Int(token & ((1 << Self.indexBits) - 1))] = event.events
                    ready.append((waiter, revents))
                }
            }
            for (waiter, revents) in ready { waiter.continuation.resume(returning: revents) }
        }
    }
}
