/// What a full-screen terminal reports to the app that runs on it.
public enum TerminalEvent: Hashable, Sendable {
    /// A key press or a paste.
    case key(Key)
    /// The window changed size (SIGWINCH): lay the screen out again for `size`.
    case resized(TerminalSize)
    /// The terminal was handed back after a suspension (Ctrl-Z, then `fg`): what it shows is
    /// unknown, so the next frame is drawn whole.
    case redraw
}
