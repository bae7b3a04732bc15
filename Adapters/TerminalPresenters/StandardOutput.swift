import Glibc
import Ports
import Presentation

/// The process's standard output, written unbuffered; a closed pipe ends output quietly.
public struct StandardOutput: TextOutput {
    private let output = FileDescriptorOutput(descriptor: STDOUT_FILENO)

    public init() {}

    /// The `errno` of the first write that failed for a reason other than a closed pipe.
    public var failure: Int32? { output.failure }

    /// Whether a write has failed (the reader closed the pipe, or ``failure``).
    public var isClosed: Bool { output.isClosed }

    public func write(_ text: String) {
        output.write(text)
    }
}
