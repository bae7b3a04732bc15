/// A command line that cannot be run as typed (exit status 64).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One plain sentence saying what is wrong.
    public var message: String
    /// The command whose usage to point at, if the error is about one.
    public var command: CommandName?

    public init(_ message: String, command: CommandName? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
