import Glibc

/// The size of the terminal a file descriptor is on, from the `TIOCGWINSZ` ioctl.
enum TerminalSize {
    /// The terminal's width in columns, or `nil` when `descriptor` is not a terminal or the
    /// terminal does not say (a width of 0).
    static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
