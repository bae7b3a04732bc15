import TerminalModel

/// A terminal the app owns while it runs: it draws whole frames and reads keys.
///
/// ``start()`` takes the terminal over (raw mode, the alternate screen, bracketed paste, the
/// cursor hidden); ``stop()`` gives it back exactly as it was, and is safe to call more than
/// once and from a signal-handling thread. Suspension (Ctrl-Z) is the terminal's business: it
/// gives the terminal back, stops the process, takes it over again on `fg` and reports
/// ``TerminalEvent/redraw``.
public protocol FullScreenTerminal: Sendable {
    /// The window's size now.
    func size() -> TerminalSize

    /// Takes the terminal over and returns its events (keys, resizes, redraws) until ``stop()``.
    /// - Throws: when the terminal cannot be put in raw mode; nothing has changed then.
    func start() throws -> AsyncStream<TerminalEvent>

    /// Shows `frame`, writing only the cells that differ from the frame shown before (all of
    /// them after a resize or a ``TerminalEvent/redraw``). Returns the bytes written.
    @discardableResult
    func draw(_ frame: Frame) -> Int

    /// Gives the terminal back as ``start()`` found it; ends the event stream.
    func stop()
}
