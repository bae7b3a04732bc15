/// A command line split into words and options: the options are looked up by their
/// declarations (``OptionSpec`` values), never by a name typed again.
public struct ParsedCommandLine: Sendable, Equatable {
    /// The words that are not options, in order (the command, then its arguments).
    public var words: [String]
    /// Each given option's last value by long name, or `nil` for a flag.
    var values: [String: String?]
    /// Every value of each repeatable option, in order.
    var repeated: [String: [String]]

    /// Whether the option was given.
    public func contains(_ option: OptionSpec) -> Bool {
        values[option.name] != nil
    }

    /// The option's (last) value, when it was given with one.
    public func value(of option: OptionSpec) -> String? {
        values[option.name] ?? nil
    }

    /// Every value of a repeatable option, in order.
    public func values(of option: OptionSpec) -> [String] {
        repeated[option.name] ?? []
    }

    /// The long names of the options given, sorted, other than `excluded`.
    public func givenOptionNames(excluding excluded: [OptionSpec]) -> [String] {
        let skipped = Set(excluded.map(\.name))
        return values.keys.filter { !skipped.contains($0) }.sorted()
    }
}
