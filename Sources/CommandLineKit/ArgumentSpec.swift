/// A positional argument.
public struct ArgumentSpec: Sendable {
    /// The placeholder, e.g. `launch-id`.
    public var name: String
    /// The argument in a sentence, with its article, e.g. `a launch id`.
    public var phrase: String
    /// One line, without a full stop.
    public var summary: String
    /// The only values allowed, when there is a fixed set (completed by the shells).
    public var choices: [String]
    /// What the value is: a file name is completed by the shells as one.
    public var valueKind: OptionSpec.ValueKind

    public init(name: String, phrase: String, summary: String, choices: [String] = [], valueKind: OptionSpec.ValueKind = .text) {
        self.name = name
        self.phrase = phrase
        self.summary = summary
        self.choices = choices
        self.valueKind = valueKind
    }
}
