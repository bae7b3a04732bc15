/// A command line that cannot be run as typed (exit status 64).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One plain sentence saying what is wrong.
    public var message: String
    /// The command whose usage to point at, if the error is about one.
    public var command: CommandName?
    /// The word the user probably meant, when one is close to what was typed.
    public var suggestion: String?

    public init(_ message: String, command: CommandName? = nil, suggestion: String? = nil) {
        self.message = message
        self.command = command
        self.suggestion = suggestion
    }

    /// The message, then `Did you mean "launches"?` when there is a suggestion.
    public var description: String {
        suggestion.map { "\(message) Did you mean \"\($0)\"?" } ?? message
    }
}
