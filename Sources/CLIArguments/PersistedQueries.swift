import CommandLineKit

/// How requests name their operation: the whole document (`off`), automatic persisted queries
/// (`auto`: the hash first, the document when the server asks), or persisted documents only
/// (`only`: the hash alone; the server must know it from the app's manifest).
public enum PersistedQueries: String, Sendable, Equatable, CaseIterable {
    case off
    case auto
    case only

    /// The value of `--persisted-queries` or `ROCKET_RESERVER_PERSISTED_QUERIES` named `source`.
    package static func parse(_ text: String, from source: String) throws(UsageError) -> PersistedQueries {
        guard let mode = PersistedQueries(rawValue: text.lowercased()) else {
            throw UsageError("\(source) must be off, auto or only, not \"\(EchoedText.quoted(text))\".")
        }
        return mode
    }
}
