import Transport
import POSIXSupport
import SingleThreadRuntime
import Synchronization
import SocketSystem
import Registrations
#if canImport(Glibc)
import Glibc
#endif

/// How a wait is registered in the loop's epoll set and table, and ended: ready, timed out,
/// cancelled, or failed for want of a thread.
extension EventLoop {
    func register(_ id: UInt64, _ waiter: Waiter, until deadline: ContinuousClock.Instant?) {
        enum Outcome { case waiting(wake: Bool, start: Bool), cancelled, failed(Int32) }
        let outcome = state.withLock { state -> Outcome in
            guard state.arriving.register(id) else { return .cancelled }
            guard let epoll, self.wake != nil else { return .failed(EMFILE) }
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
    func finish(_ id: UInt64, with result: Result<[UInt32], any Error>) {
        let waiter = state.withLock { state -> Waiter? in
            if state.arriving.cancel(id) { return nil }
            guard let waiter = state.waiters.removeValue(forKey: id) else { return nil }
            for interest in waiter.interests { epoll?.remove(interest.descriptor) }
            return waiter
        }
        waiter?.continuation.resume(with: result)
    }

    /// Whether the sleeping thread must wake to honour `deadline`.
    static func needsWake(_ state: State, for deadline: ContinuousClock.Instant) -> Bool {
        guard state.sleeping else { return false }
        return state.sleepingUntil.map { deadline < $0 } ?? true
    }

    /// Whether the caller is the one to start the thread.
    static func claimStart(_ state: inout State) -> Bool {
        defer { state.started = true }
        return !state.started
    }

    func startThread() {
        if !DetachedThread.start({ self.run() }) {
            // No thread: every wait fails rather than hang, and the next one tries again.
            abandon(failing: HTTPTransportError(.system(errno: EAGAIN)))
        }
    }

    /// Fails every wait with `error` and hands the queued jobs to the global pool, when the
    /// loop has no thread (none could start, or its epoll set broke); the next wait or job
    /// starts one again.
    func abandon(failing error: HTTPTransportError) {
        let waiting = state.withLock { state -> [Waiter] in
            state.started = false
            state.sleeping = false
            defer { state.waiters = [:] }
            for waiter in state.waiters.values {
                for interest in waiter.interests { epoll?.remove(interest.descriptor) }
            }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.continuation.resume(throwing: error) }
        // Jobs still run, on the global pool, rather than never.
        let jobs = state.withLock { state in
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in jobs { globalConcurrentExecutor.enqueue(job) }
    }

    func signal() {
        if let wake { WakeUpPair.signal(wake.writeEnd) }
    }

    static func lookOnce(at interests: [Interest]) throws -> [UInt32] {
        var descriptors = interests.map { interest in
            pollfd(fd: interest.descriptor, events: Int16(truncatingIfNeeded: interest.events), revents: 0)
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), 0)
        if ready > 0 { return descriptors.map { UInt32(UInt16(bitPattern: $0.revents)) } }
        throw HTTPTransportError(.timedOut)
    }
}
