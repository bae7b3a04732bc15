/// Somewhere text goes: standard output, standard error, or a buffer in tests.
public protocol TextOutput: Sendable {
    /// Writes the text as it is (add the newline yourself).
    func write(_ text: String)
}
