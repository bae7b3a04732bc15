import Transport
import POSIXSupport
import SingleThreadRuntime
import Synchronization
import SocketSystem
#if canImport(Glibc)
import Glibc
#endif

/// The loop's thread: due timers, queued jobs, then one `epoll_wait` until the next deadline;
/// it ends when the loop is shut down (or its epoll set breaks).
extension EventLoop {
    func run() {
        guard let epoll else {
            // No epoll set (the system refused one): jobs go to the global pool, waits fail.
            threadEnded(failing: HTTPTransportError(.system(errno: EMFILE)))
            return
        }
        let events = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * Epoll.eventSize, alignment: 8)
        defer { events.deallocate() }
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
                }
                defer { state.jobs = [] }
                return state.jobs
            }
            for waiter in expired { waiter.continuation.resume(throwing: HTTPTransportError(.timedOut)) }
            for action in due { action() }
            for job in jobs { job.runSynchronously(on: executor) }
            // Sleep only when nothing is left to run: a job enqueued after this wakes the thread.
            enum Next { case sleep(until: ContinuousClock.Instant?), stop }
            let next = state.withLock { state -> Next in
                if state.lifecycle == .stopping { return .stop }
                let later = ContinuousClock.now
                if !state.jobs.isEmpty || (state.timers.first.map { $0.deadline <= later } ?? false) {
                    state.sleeping = false
                    return .sleep(until: later)
                }
                state.sleeping = true
                state.sleepingUntil = state.timers.first?.deadline
                return .sleep(until: state.sleepingUntil)
            }
            guard case .sleep(let wakeAt) = next else {
                // Shut down: the waits fail, the descriptors close, and the thread ends.
                threadEnded(failing: EventLoopError.shutDown(.wait))
                return
            }
            let count: Int
            do throws(SystemCallError) {
                count = try epoll.wait(into: events, until: wakeAt)
            } catch {
                // The set is broken (EBADF, EINVAL): every later wait would fail at once, so the
                // thread ends rather than spin, and its waits fail with the reason.
                threadEnded(failing: HTTPTransportError(.system(errno: error.code)))
                return
            }
            var ready: [(Waiter, [UInt32])] = []
            state.withLock { state in
                state.sleeping = false
                for index in 0..<count {
                    let event = Epoll.event(index, in: events)
                    let token = event.token
                    if token == Self.wakeToken {
                        wake?.drain()
                        continue
                    }
                    let id = token >> Self.indexBits
                    guard let waiter = Self.take(id, from: &state, epoll: epoll) else { continue }
                    var revents = [UInt32](repeating: 0, count: waiter.interests.count)
                    revents[Int(token & ((1 << Self.indexBits) - 1))] = event.events
                    ready.append((waiter, revents))
                }
            }
            for (waiter, revents) in ready { waiter.continuation.resume(returning: revents) }
        }
    }
}
