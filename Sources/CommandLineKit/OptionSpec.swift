/// An option: a flag, or one that takes a value (`--name VALUE` or `--name=VALUE`).
///
/// Declare each option once, as a value, and look up what was given by that value
/// (``ParsedCommandLine/contains(_:)``, ``ParsedCommandLine/value(of:)``), never by its name.
public struct OptionSpec: Sendable {
    /// The long name with its dashes, e.g. `--page-size`.
    public var name: String
    /// A one-letter alias with its dash, e.g. `-h`.
    public var shortName: String?
    /// The placeholder of the value, e.g. `N`; `nil` for a flag.
    public var valueName: String?
    /// What the value is, for the completion scripts.
    public var valueKind: ValueKind
    /// One line, without a full stop.
    public var summary: String
    /// May be given more than once (each value is kept, in order).
    public var repeatable: Bool

    /// What an option's value is, so completions can offer file names where they fit.
    public enum ValueKind: Sendable {
        case text
        case file
    }

    public init(name: String, shortName: String? = nil, valueName: String? = nil, valueKind: ValueKind = .text, summary: String, repeatable: Bool = false) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.valueKind = valueKind
        self.summary = summary
        self.repeatable = repeatable
    }

    public var takesValue: Bool { valueName != nil }

    /// `--page-size N`, or `--all`.
    public var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }

    /// `-h, --help`, or `--page-size N`.
    public var label: String { (shortName.map { "\($0), " } ?? "") + synopsis }

    /// The same option with another summary, for a command whose help says more about it.
    public func summarized(_ summary: String) -> OptionSpec {
        var copy = self
        copy.summary = summary
        return copy
    }
}
