/// A parsed command line: the command and the global options around it.
public struct Invocation: Equatable, Sendable {
    public var command: Command
    public var options: GlobalOptions

    public init(command: Command, options: GlobalOptions = GlobalOptions()) {
        self.command = command
        self.options = options
    }
}
