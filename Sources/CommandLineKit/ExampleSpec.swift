/// One example in a command's help: the command line (after the tool's name) and what it does.
public struct ExampleSpec: Sendable {
    public var arguments: String
    public var explanation: String

    public init(arguments: String, explanation: String) { (self.arguments, self.explanation) = (arguments, explanation) }
}
