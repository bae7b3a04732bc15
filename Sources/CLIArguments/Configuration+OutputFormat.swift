extension Configuration {
    /// What the results are written as, for the composition root to pick a presenter by.
    public enum OutputFormat: Sendable, Hashable {
        /// Human-readable text (tables, sentences).
        case text
        /// JSON documents (`--json`).
        case json
    }

    /// `--json` as an ``OutputFormat``.
    public var outputFormat: OutputFormat {
        if json { .json } else { .text }
    }
}
