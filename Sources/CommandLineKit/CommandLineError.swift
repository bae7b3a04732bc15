/// Why a command line could not be split into words and options.
public enum CommandLineError: Error, Equatable, Sendable {
    /// An argument is longer than the limit, in bytes.
    case argumentTooLong(limit: Int)
    /// No option has this name; with the words before it and the tokens after it, to find the command.
    case unknownOption(String, wordsBefore: [String], tokensAfter: [String])
    /// The option takes a value and none followed it.
    case missingValue(option: String)
    /// A flag was given a value (`--all=yes`).
    case unexpectedValue(option: String)
}
