/// A persisted cache that could not be deleted: which file, and why.
public struct CacheRemovalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache file.
    public var path: String
    /// The system's reason, for example `unlink failed: Read-only file system`.
    public var reason: String

    public var description: String { "the cache file \(path) could not be removed (\(reason))" }
}
