import Glibc
import POSIXSupport
import SingleThreadRuntime
import Synchronization

/// The signals a full-screen terminal acts on (SIGWINCH, SIGTSTP, SIGCONT), delivered to every
/// terminal that has started, off the signal handler.
///
/// The handler is async-signal-safe: it writes the signal's number to a pipe that is opened
/// once and never closed. One thread reads it and calls each subscriber, so any number of
/// terminals (tests run several over pseudo-terminals at once) hear every signal. The handlers
/// are installed with the first subscriber and the previous actions put back after the last,
/// so a process with no terminal started keeps the signals' usual meaning (SIGTSTP stops it).
enum TerminalSignals {
    static let handled: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]

    /// One subscription; cancel it with ``unsubscribe(_:)``.
    struct Subscription: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct State {
        var nextID = 0
        var subscribers: [Int: @Sendable (Int32) -> Void] = [:]
        /// The actions in place before the handlers were installed.
        var previous: [Int32: sigaction] = [:]
        /// Whether the pipe and its reading thread exist.
        var dispatching = false
    }

    private static let state = Mutex(State())

    /// Calls `receive` with each handled signal's number until ``unsubscribe(_:)``; `nil` when
    /// the pipe or its thread could not be made (the signals then keep their actions).
    static func subscribe(_ receive: @escaping @Sendable (Int32) -> Void) -> Subscription? {
        state.withLock { state -> Subscription? in
            if !state.dispatching {
                guard startDispatching() else { return nil }
                state.dispatching = true
            }
            if state.subscribers.isEmpty {
                for number in handled {
                    var action = sigaction()
                    action.__sigaction_handler.sa_handler = { number in
                        var byte = UInt8(truncatingIfNeeded: number)
                        let saved = errno
                        _ = write(terminalSignalPipe, &byte, 1)
                        errno = saved
                    }
                    sigemptyset(&action.sa_mask)
                    action.sa_flags = SA_RESTART
                    var previous = sigaction()
                    sigaction(number, &action, &previous)
                    state.previous[number] = previous
                }
                // A thread started with these blocked would never see them.
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                for number in handled { sigaddset(&unblocked, number) }
                pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = receive
            return Subscription(id: id)
        }
    }

    /// Ends `subscription`; after the last one the signals' previous actions are back.
    static func unsubscribe(_ subscription: Subscription) {
        state.withLock { state in
            guard state.subscribers.removeValue(forKey: subscription.id) != nil, state.subscribers.isEmpty else { return }
            for (number, previous) in state.previous {
                var action = previous
                sigaction(number, &action, nil)
            }
            state.previous.removeAll()
        }
    }

    /// Makes the pipe and starts the thread that reads it.
    private static func startDispatching() -> Bool {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A full pipe drops a signal rather than block the handler.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let reader = ends[0]
        let started = DetachedThread.start {
            var number: UInt8 = 0
            while SystemCall.repeating({ read(reader, &number, 1) }) == 1 {
                let receivers = state.withLock { Array($0.subscribers.values) }
                for receive in receivers { receive(Int32(number)) }
            }
        }
        guard started else {
            close(ends[0])
            close(ends[1])
            return false
        }
        terminalSignalPipe = ends[1]
        return true
    }
}

/// The write end of the signal pipe, set before any handler is installed and never closed.
nonisolated(unsafe) private var terminalSignalPipe: Int32 = -1
