import Glibc
import Ports
import Presentation

/// The process's standard error, written unbuffered; a closed pipe ends output quietly.
public struct StandardError: TextOutput {
    private let output = FileDescriptorOutput(descriptor: STDERR_FILENO)

    public init() {}

    /// The `errno` of the first write that failed for a reason other than a closed pipe.
    public var failure: Int32? { output.failure }

    public func write(_ text: String) {
        output.write(text)
    }
}
