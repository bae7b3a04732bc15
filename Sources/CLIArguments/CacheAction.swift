/// The actions of the `cache` command, as typed, in the order the help lists them.
enum CacheAction: String, CaseIterable, Sendable {
    /// Show the cache's path, size, records and ages.
    case info
    /// Remove the records no query can reach.
    case gc
    /// Remove the cache (every endpoint's and user's with `--all`).
    case clear
}
