/// Why a cache's persistence could not be inspected, with the cause in a phrase.
public struct CacheStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the persistence is kept.
    public var path: String
    /// What went wrong, in a phrase (no stored value ever appears in it).
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
