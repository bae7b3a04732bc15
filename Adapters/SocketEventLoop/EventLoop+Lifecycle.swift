import Transport
import Synchronization
import SocketSystem
#if canImport(Glibc)
import Glibc
#endif

/// The end of a loop's thread: lost (it could not start, or its epoll set broke), after which
/// the next wait starts another, or asked for by ``shutdown()``, after which the loop is closed.
extension EventLoop {
    /// Ends the loop's thread and closes its epoll set and wake-up pair; returns once both are
    /// done. Waits still registered fail with ``EventLoopError``, timers that have not run never
    /// will, and later waits, timers and ``run(_:)`` are refused with it; jobs still queued, and
    /// later ones, run on the global concurrency pool.
    ///
    /// Safe from any task, the loop's own included, and more than once: a second call waits for
    /// the first to finish, a later one returns at once.
    package func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            enum Step { case done, waiting, endHere }
            let step = state.withLock { state -> Step in
                switch state.lifecycle {
                case .closed:
                    return .done
                case .stopping:
                    state.shutdownWaiters.append(continuation)
                    return .waiting
                case .running:
                    // The thread sees it at its next turn; the byte wakes it if it sleeps.
                    state.lifecycle = .stopping
                    state.shutdownWaiters.append(continuation)
                    if let wake { WakeUpPair.signal(wake.writeEnd) }
                    return .waiting
                case .idle:
                    // No thread to end: the caller closes the loop itself.
                    state.lifecycle = .stopping
                    state.shutdownWaiters.append(continuation)
                    return .endHere
                }
            }
            switch step {
            case .done: continuation.resume()
            case .waiting: break
            case .endHere: threadEnded(failing: EventLoopError.shutDown(.wait))
            }
        }
    }

    /// Called when the loop's thread ends (or could not start): its waits fail, with `error` or,
    /// after ``shutdown()``, with ``EventLoopError``, and its queued jobs go to the global pool.
    /// After a shutdown the loop is closed too: timers dropped, descriptors closed, and whoever
    /// waits for the shutdown resumed; otherwise the next wait or job starts a thread again.
    func threadEnded(failing error: any Error) {
        typealias Ended = (waiting: [UInt64: Waiter], jobs: [UnownedJob], shutdowns: [CheckedContinuation<Void, Never>], closed: Bool)
        let (waiting, jobs, shutdowns, closed) = state.withLock { state -> Ended in
            // Closed already: nothing is left, and a closed loop never becomes idle again (its
            // descriptors' numbers may belong to other files by now).
            if state.lifecycle == .closed { return ([:], [], [], true) }
            let closing = state.lifecycle == .stopping
            state.lifecycle = closing ? .closed : .idle
            state.sleeping = false
            let waiting = state.waiters
            state.waiters = [:]
            for (id, waiter) in waiting {
                // A closing set goes whole; its descriptor must not be used once closed.
                if !closing { for interest in waiter.interests { epoll?.remove(interest.descriptor) } }
                state.timers.remove(id)
            }
            defer { state.jobs = [] }
            guard closing else { return (waiting, state.jobs, [], false) }
            state.actions = [:]
            state.timers = TimerHeap()
            closeDescriptors(&state)
            defer { state.shutdownWaiters = [] }
            return (waiting, state.jobs, state.shutdownWaiters, true)
        }
        let failure = closed ? EventLoopError.shutDown(.wait) : error
        for waiter in waiting.values { waiter.continuation.resume(throwing: failure) }
        // Jobs still run, on the global pool, rather than never.
        for job in jobs { globalConcurrentExecutor.enqueue(job) }
        for continuation in shutdowns { continuation.resume() }
    }

    /// Whether the loop is shut down and its descriptors closed (for tests).
    package var isClosed: Bool { state.withLock { $0.lifecycle == .closed } }

    /// The loop's own descriptors: its epoll set and its wake-up pair's two ends (for tests).
    package var descriptors: [Int32] {
        (epoll.map { [$0.descriptor] } ?? []) + (wake.map { [$0.readEnd, $0.writeEnd] } ?? [])
    }

    /// Closes the epoll set and the wake-up pair, at most once whoever asks (the shutdown, or a
    /// loop never shut down as it goes): a second close would close whatever file was given
    /// the same number since. Called under the loop's lock.
    func closeDescriptors(_ state: inout State) {
        guard !state.descriptorsClosed else { return }
        state.descriptorsClosed = true
        if let epoll { _ = Glibc.close(epoll.descriptor) }
        wake?.close()
    }
}
