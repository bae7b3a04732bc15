#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CacheStorage

/// Where a ``NormalizedCache`` keeps its records between uses.
public struct CachePersistence: Sendable {
    let backend: any CacheBackend

    /// A store in memory; caches created with the same value share it (useful in tests).
    /// - Parameter maximumBytes: The most its records take, encoded; past it the least recently
    ///   used are removed first. `nil` sets no bound.
    public static func inMemory(maximumBytes: Int? = nil) -> CachePersistence {
        CachePersistence(backend: InMemoryCacheBackend(maximumBytes: maximumBytes))
    }

    /// The default bound on what a persistence on disk stores: 64 MiB.
    public static let defaultMaximumBytes = 64 * 1024 * 1024

    /// An SQLite database (the system's `libsqlite3.so.0`, loaded at run time), shared safely
    /// by every process that opens it.
    ///
    /// - Parameters:
    ///   - url: The database file. Beside it: `-wal` and `-shm` (SQLite's), `.lock` (orders
    ///     mutations between processes) and `.damaged` (a damaged database moved aside).
    ///   - legacyFile: A cache file of the earlier whole-file format (`.rrcache`), imported on
    ///     first use and then removed.
    ///   - maximumBytes: The most the database takes; past it the least recently used records
    ///     are removed first. `nil` sets no bound.
    ///   - onWarning: Receives a one-line message, once each, when nothing can be cached (and
    ///     why), when a damaged database was moved aside, or when a save failed. The library
    ///     never prints.
    public static func sqlite(
        at url: URL,
        importing legacyFile: URL? = nil,
        maximumBytes: Int? = defaultMaximumBytes,
        onWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) -> CachePersistence {
        let files = CacheDatabaseFiles(path: filePath(url), legacyPath: legacyFile.map(filePath))
        return CachePersistence(backend: SQLiteCacheBackend(files: files, maximumBytes: maximumBytes, onWarning: onWarning))
    }
}

/// `url.path`, without the getter's first-use cost (it builds a set of bytes, 0.27 M instructions
/// once a process): `path(percentEncoded: false)`, less the slash that ends a URL marked as a
/// folder (a folder found where the file should be must still be named as `path` names it).
private func filePath(_ url: URL) -> String {
    var path = url.path(percentEncoded: false)
    while path.utf8.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
}
