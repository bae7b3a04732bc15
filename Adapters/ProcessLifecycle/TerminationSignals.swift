import Glibc
import POSIXSupport
import SingleThreadRuntime
import Synchronization

/// Handles SIGINT, SIGTERM and SIGHUP alike: removes the temporary files this process is
/// writing (what ``sweepsOnExit(_:)`` set), then ends the process by the same signal.
///
/// The signal handler only writes the signal's number to a pipe (async-signal-safe); a
/// dedicated thread reads it, sweeps and re-raises the signal with its default action, so the
/// shell sees the usual "killed by SIGINT" and nothing waits for the command to wind down.
/// SIGKILL cannot be handled: its leftovers are for the next run to sweep.
///
/// While a change runs ``shielding(_:)`` (a booking waiting for its answer, a logout), a
/// signal cancels the command instead (``cancelsCommand(with:)``): the command winds down —
/// a booking whose outcome is unknown drops its cached state and says so — and the process
/// ends by the signal once the command returns (``endIfInterrupted()``). A second signal, or
/// ``grace`` passing first, ends it at once.
package enum TerminationSignals {
    /// The signals handled.
    package static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// How long a shielded change may take to wind down after a signal.
    package static let grace = Duration.seconds(5)

    /// What removes this process's temporary files, given its id.
    private static let sweep = Mutex<(@Sendable (_ owner: Int32) -> Void)?>(nil)
    private static let cleanups = Mutex<[@Sendable () -> Void]>([])
    private static let shield = Mutex(SignalDeferral())

    /// Runs `action` (on the signal thread) before the process ends by a signal, for example
    /// to erase a progress line from the terminal.
    package static func beforeExit(_ action: @escaping @Sendable () -> Void) {
        cleanups.withLock { $0.append(action) }
    }

    /// Installs the handlers and starts the thread that acts on them; call once, first thing.
    package static func install() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let reader = ends[0]
        let started = DetachedThread.start {
            var number: UInt8 = 0
            while SystemCall.repeating({ read(reader, &number, 1) }) == 1 {
                let signalNumber = Int32(number)
                guard let cancel = deferral(of: signalNumber) else { terminate(by: signalNumber) }
                cancel()
                // The command now winds down and ends the process itself; a second signal, or
                // the grace period passing, ends it from here.
                var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                if SystemCall.repeating({ poll(&ready, 1, grace.waitMilliseconds) }) == 0 { terminate(by: signalNumber) }
            }
        }
        // Without the thread nobody would act on the pipe: keep the default actions instead.
        guard started else {
            close(ends[0])
            close(ends[1])
            return
        }
        signalPipe = ends[1]
        var caught = sigset_t()
        sigemptyset(&caught)
        for signalNumber in handled {
            // glibc's signal() keeps the handler installed and restarts interrupted calls.
            let previous = signal(signalNumber) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
            // A signal ignored by whoever started us stays ignored (`nohup`, `command &` in a
            // script), as the shell's conventions ask.
            if isIgnored(previous) {
                signal(signalNumber, SIG_IGN)
            } else {
                sigaddset(&caught, signalNumber)
            }
        }
        // A parent may start us with these signals blocked (a mask inherited from one of its
        // worker threads): the ones we handle are unblocked, or Ctrl-C would stay pending.
        // Threads started from now on inherit the mask.
        pthread_sigmask(SIG_UNBLOCK, &caught, nil)
    }

    private static func isIgnored(_ handler: sighandler_t?) -> Bool {
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// How to cancel the running command: what a signal does during ``shielding(_:)``.
    package static func cancelsCommand(with cancel: @escaping @Sendable () -> Void) {
        shield.withLock { $0.cancelCommand = cancel }
    }

    /// Runs `body` so that a signal cancels the command rather than ending the process
    /// mid-change; call ``endIfInterrupted()`` once the command has returned.
    package static func shielding<T>(_ body: () async throws -> T) async throws -> T {
        shield.withLock { $0.depth += 1 }
        defer { shield.withLock { $0.depth -= 1 } }
        return try await body()
    }

    /// Runs `body` (a command that runs until the user stops it, `watch`) so that the first
    /// signal cancels the command and the process exits with the command's status rather than
    /// by the signal; a second signal, or ``grace`` passing first, ends it at once.
    package static func stopping<T>(_ body: () async throws -> T) async throws -> T {
        shield.withLock { $0.stoppable += 1 }
        defer { shield.withLock { $0.stoppable -= 1 } }
        return try await body()
    }

    /// Ends the process by the signal that arrived during ``shielding(_:)``, if one did.
    package static func endIfInterrupted() {
        if let signalNumber = shield.withLock({ $0.pending }) { terminate(by: signalNumber) }
    }

    /// The command's cancellation when `signalNumber` arrives during a shielded change (and is
    /// the first to), noting the signal; `nil` when the process must end now.
    private static func deferral(of signalNumber: Int32) -> (@Sendable () -> Void)? {
        shield.withLock { $0.deferral(of: signalNumber) }
    }

    /// Sets what removes this process's temporary files when a signal ends it: run after the
    /// ``beforeExit(_:)`` actions, with this process's id. Each call replaces the last.
    package static func sweepsOnExit(_ action: @escaping @Sendable (_ owner: Int32) -> Void) {
        sweep.withLock { $0 = action }
    }

    private static func terminate(by signalNumber: Int32) -> Never {
        let pid = getpid()
        for action in cleanups.withLock({ $0 }) { action() }
        sweep.withLock { $0?(pid) }
        signal(signalNumber, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)  // threads may start with signals blocked
        raise(signalNumber)
        _exit(128 + signalNumber)
    }
}

/// The write end of the signal pipe, set before any handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1
