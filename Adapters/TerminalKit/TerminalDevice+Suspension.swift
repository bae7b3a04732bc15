import Glibc
import Synchronization
import TerminalModel

/// A suspension (Ctrl-Z, SIGTSTP, SIGCONT) and a resize, as the input thread reports them.
extension TerminalDevice {
    /// Stops the process as SIGTSTP's default action does and returns once it continues
    /// (`fg`): the default `suspend`. In an orphaned process group, which the system does not
    /// stop, it returns at once.
    public static let stopProcess: @Sendable () -> Void = {
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        var previous = sigaction()
        sigaction(SIGTSTP, &defaultAction, &previous)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        // Delivered to this thread before raise returns: the process stops here.
        raise(SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
    }

    /// Gives the terminal back, runs `suspend`, takes the terminal over again; `true` when the
    /// app must draw its next frame whole.
    func suspend(session id: Int) -> Bool {
        let suspended = state.withLock { state -> Bool in
            guard var session = state.session, session.id == id, session.holdsTerminal else { return false }
            giveBack(session)
            session.holdsTerminal = false
            state.session = session
            state.lastFrame = nil
            return true
        }
        guard suspended else { return false }
        suspend()
        return state.withLock { state in
            guard var session = state.session, session.id == id else { return false }
            takeOver(session)
            session.holdsTerminal = true
            session.continueExpected = true
            state.session = session
            state.lastFrame = nil
            return true
        }
    }

    /// After SIGCONT: takes the terminal over again unless the signal ends this process's own
    /// suspension (already taken over); `true` when the app must draw its next frame whole.
    func continued(session id: Int) -> Bool {
        state.withLock { state in
            guard var session = state.session, session.id == id else { return false }
            if session.continueExpected {
                session.continueExpected = false
                state.session = session
                return false
            }
            takeOver(session)
            session.holdsTerminal = true
            state.session = session
            state.lastFrame = nil
            return true
        }
    }

    /// After SIGWINCH: the next frame is drawn whole (terminals redraw a resized screen their own way).
    func resized(session id: Int) -> TerminalSize? {
        let current = state.withLock { state -> Bool in
            guard state.session?.id == id else { return false }
            state.lastFrame = nil
            return true
        }
        return current ? size() : nil
    }
}
