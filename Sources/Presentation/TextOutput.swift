/// Somewhere text goes: standard output, standard error, or a buffer in tests.
public protocol TextOutput: Sendable {
    /// Writes the text as it is (add the newline yourself).
    func write(_ text: String)

    /// Whether written text no longer reaches anyone: a write failed (the reader closed the
    /// pipe, the disk is full) and later output is dropped. A command that runs until stopped
    /// (watching for changes) stops then.
    var isClosed: Bool { get }
}

extension TextOutput {
    /// Outputs that never fail are never closed.
    public var isClosed: Bool { false }
}
