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
/// cancelled, woken up, or failed for want of a thread or after a shutdown.
extension EventLoop {
    /// A new id for a wait, noted as arriving (a cancellation before it registers refuses it).
    func issueID() -> UInt64 {
        state.withLock { state in
            defer { state.nextID += 1 }
            state.arriving.issue(state.nextID)
            return state.nextID
        }
    }

    func register(_ id: UInt64, _ waiter: Waiter, until deadline: ContinuousClock.Instant?) {
        enum Outcome { case waiting(wake: Bool, start: Bool), cancelled, failed(Int32), shutDown }
        let outcome = state.withLock { state -> Outcome in
            guard state.arriving.register(id) else { return .cancelled }
            guard state.lifecycle.accepts else { return .shutDown }
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
        case .shutDown: waiter.continuation.resume(throwing: EventLoopError.shutDown(.wait))
        }
    }

    /// Ends wait `id` (if it still waits, or refuses it if it has not registered yet) with
    /// `result`, its descriptors out of epoll first.
    func finish(_ id: UInt64, with result: Result<[UInt32], any Error>) {
        let waiter = state.withLock { state -> Waiter? in
            if state.arriving.cancel(id) { return nil }
            return Self.take(id, from: &state, epoll: epoll)
        }
        waiter?.continuation.resume(with: result)
    }

    /// Ends wait `id`, if it still waits, as if none of its interests were ready: a
    /// ``WakeUpFlag`` was raised. The task's job then wakes the thread, as any job does.
    func wakeUp(_ id: UInt64) {
        let waiter = state.withLock { state in Self.take(id, from: &state, epoll: epoll) }
        guard let waiter else { return }
        waiter.continuation.resume(returning: [UInt32](repeating: 0, count: waiter.interests.count))
    }

    /// Takes wait `id` out of the table, its descriptors out of epoll and its timer out of the heap.
    static func take(_ id: UInt64, from state: inout State, epoll: Epoll?) -> Waiter? {
        guard let waiter = state.waiters.removeValue(forKey: id) else { return nil }
        for interest in waiter.interests { epoll?.remove(interest.descriptor) }
        state.timers.remove(id)
        return waiter
    }

    /// Whether the sleeping thread must wake to honour `deadline`.
    static func needsWake(_ state: State, for deadline: ContinuousClock.Instant) -> Bool {
        guard state.sleeping else { return false }
        return state.sleepingUntil.map { deadline < $0 } ?? true
    }

    /// Whether the caller is the one to start the thread.
    static func claimStart(_ state: inout State) -> Bool {
        guard state.lifecycle == .idle else { return false }
        state.lifecycle = .running
        return true
    }

    func startThread() {
        if !DetachedThread.start({ self.run() }) {
            // No thread: every wait fails rather than hang, and the next one tries again.
            threadEnded(failing: HTTPTransportError(.system(errno: EAGAIN)))
        }
    }

    /// Wakes the thread from `epoll_wait` (never once the pair is closed).
    func signal() {
        state.withLock { state in
            if state.lifecycle != .closed, let wake { WakeUpPair.signal(wake.writeEnd) }
        }
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
