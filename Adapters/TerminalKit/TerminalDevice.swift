import Glibc
import POSIXSupport
import Presentation
import SingleThreadRuntime
import Synchronization
import TerminalModel

/// The full-screen terminal over file descriptors: standard input and output, or a pseudo-terminal.
///
/// ``start()`` saves the terminal's settings, switches it to raw mode (``RawMode``) and to the
/// alternate screen, hides the cursor and turns bracketed paste on; ``stop()`` undoes all of it,
/// the saved settings put back exactly (`TCSAFLUSH`). `stop()` may be called any number of
/// times, from any thread (the process's SIGTERM/SIGHUP thread calls it before the process ends).
///
/// A thread of its own reads the input and reports, in order:
/// - keys (``KeyDecoder``; a lone Escape once ``escapeTimeout`` has passed with no byte after it),
///   and the end of the stream when the input ends (end of file, or the terminal hung up);
/// - ``TerminalEvent/resized(_:)`` on SIGWINCH, with the size read from the output;
/// - ``TerminalEvent/redraw`` after a suspension: Ctrl-Z (byte 0x1A in raw mode, never reported
///   as a key) or a SIGTSTP from outside gives the terminal back, runs `suspend` (by default it
///   stops the process as SIGTSTP's default action does), and takes the terminal over again when
///   the process continues; a SIGCONT after a SIGSTOP from outside does the latter too.
///
/// At most ``eventBufferLimit`` events wait to be read; later ones are dropped until the reader
/// catches up. SIGINT, SIGTERM and SIGHUP are the process's business (in raw mode, Ctrl-C is
/// the key ``Key/control(_:)`` "c").
public final class TerminalDevice: FullScreenTerminal {
    /// The most events kept for a reader that has fallen behind.
    public static let eventBufferLimit = 1024

    /// The descriptor keys are read from and whose settings change (standard input by default).
    public let input: Int32
    /// The descriptor frames are written to and the size is read from (standard output by default).
    public let output: Int32
    /// How long a lone `ESC` waits for the rest of an escape sequence before it is the Escape key.
    public let escapeTimeout: Duration
    private let writer: FrameWriter
    // Internal, not private: the extensions in TerminalDevice+*.swift use them.
    let suspend: @Sendable () -> Void
    let state = Mutex(State())

    /// A terminal on `input` and `output`, which stay open and owned by the caller.
    /// - Parameters:
    ///   - colors: whether foreground colours are drawn (`false` under `NO_COLOR`).
    ///   - suspend: what a suspension does once the terminal is given back: by default
    ///     ``stopProcess()``; it returns when the process may take the terminal over again.
    public init(
        input: Int32 = 0, output: Int32 = 1, colors: Bool = true, escapeTimeout: Duration = .milliseconds(40),
        suspend: @escaping @Sendable () -> Void = TerminalDevice.stopProcess
    ) {
        self.input = input
        self.output = output
        self.escapeTimeout = escapeTimeout
        writer = FrameWriter(colors: colors)
        self.suspend = suspend
    }

    /// One taking-over of the terminal, from ``start()`` to ``stop()``.
    struct Session {
        let id: Int
        /// The settings ``start()`` found, put back by ``stop()``.
        let saved: termios
        let raw: termios
        /// The write end of the pipe that wakes the input thread (signals, stop).
        let wake: Int32
        let continuation: AsyncStream<TerminalEvent>.Continuation
        var subscription: TerminalSignals.Subscription?
        /// `false` while suspended: the terminal is the shell's.
        var holdsTerminal = true
        /// Whether the SIGCONT that ends this process's own suspension is still to come.
        var continueExpected = false
    }

    struct State {
        var nextSessionID = 0
        var session: Session?
        /// What the screen shows, when known.
        var lastFrame: Frame?
        /// Whether the output failed for good (the terminal is gone): later frames are not written.
        var outputBroken = false
    }

    /// The byte on the wake pipe that ends the input thread (signal numbers are the other bytes).
    static let stopCommand: UInt8 = 0

    // MARK: FullScreenTerminal

    public func size() -> TerminalSize {
        var size = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
        }
        return TerminalSize(columns: 80, rows: 24)
    }

    public func start() throws(TerminalDeviceError) -> AsyncStream<TerminalEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .bufferingOldest(Self.eventBufferLimit))
        let id = try state.withLock { state throws(TerminalDeviceError) -> Int in
            guard state.session == nil else { throw .alreadyStarted }
            var saved = termios()
            guard tcgetattr(input, &saved) == 0 else { throw .notATerminal(descriptor: input, code: errno) }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw .noWakePipe(code: errno) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
            let session = Session(id: state.nextSessionID, saved: saved, raw: RawMode.settings(from: saved), wake: ends[1], continuation: continuation)
            var raw = session.raw
            guard SystemCall.repeating({ tcsetattr(input, TCSAFLUSH, &raw) }) == 0 else {
                let code = errno
                close(ends[0])
                close(ends[1])
                throw .rawModeRefused(code: code)
            }
            let reader = InputReader(device: self, session: session.id, wake: ends[0], continuation: continuation)
            guard DetachedThread.start({ reader.run() }) else {
                var saved = saved
                _ = SystemCall.repeating { tcsetattr(input, TCSAFLUSH, &saved) }
                close(ends[0])
                close(ends[1])
                throw .noInputThread
            }
            state.nextSessionID += 1
            state.session = session
            state.lastFrame = nil
            state.outputBroken = false
            _ = writeAll(ControlSequences.takeOver)
            return session.id
        }
        let subscription = TerminalSignals.subscribe { [weak self] number in
            self?.wake(session: id, with: UInt8(truncatingIfNeeded: number))
        }
        guard let subscription else { return stream }
        let current = state.withLock { state -> Bool in
            guard state.session?.id == id else { return false }
            state.session?.subscription = subscription
            return true
        }
        if !current { TerminalSignals.unsubscribe(subscription) }
        return stream
    }

    @discardableResult
    public func draw(_ frame: Frame) -> Int {
        state.withLock { state in
            guard let session = state.session, session.holdsTerminal, !state.outputBroken else {
                state.lastFrame = nil
                return 0
            }
            let bytes = writer.bytes(from: state.lastFrame, to: frame)
            if let failure = writeAll(bytes) {
                // What the screen shows is unknown now; a terminal that is gone is not written again.
                state.lastFrame = nil
                if failure != EAGAIN { state.outputBroken = true }
                return 0
            }
            state.lastFrame = frame
            return bytes.count
        }
    }

    public func stop() {
        let session = state.withLock { state -> Session? in
            guard let session = state.session else { return nil }
            state.session = nil
            state.lastFrame = nil
            if session.holdsTerminal { giveBack(session) }
            var command = Self.stopCommand
            _ = SystemCall.repeating { write(session.wake, &command, 1) }
            close(session.wake)
            return session
        }
        guard let session else { return }
        if let subscription = session.subscription { TerminalSignals.unsubscribe(subscription) }
        session.continuation.finish()
    }
}
