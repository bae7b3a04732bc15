#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain
import NormalizedCache
import POSIXSupport

/// Names the cache file of one endpoint and one user, so that one user's answers (their
/// `isBooked`) never show for another user, for another endpoint, or after logout.
///
/// The name, `cache-<endpoint hash>-<user hash>.sqlite`, holds hashes only: neither the email
/// nor anything about the token appears in it. Every name has the same length, and all of
/// one endpoint's files share ``prefix(endpoint:)``, so they can be found without the email.
/// Beside each database: SQLite's `-wal` and `-shm`, `.lock`, `.damaged`, and the cache file of
/// the earlier format (`.rrcache`, imported on first use, then removed).
public enum CacheFileLocation {
    /// The extension of every cache database.
    static let suffix = ".sqlite"
    /// The extension of the earlier whole-file cache format.
    static let legacySuffix = ".rrcache"

    /// The cache database of `endpoint` and `user` (anonymous when `nil`) in `directory`.
    public static func url(in directory: URL, endpoint: String, user: EmailAddress?) -> URL {
        let userKey = user.map { "user:\($0.rawValue)" } ?? "anonymous"
        return directory.appendingPathComponent("\(prefix(endpoint: endpoint))\(FNV1a.hex(userKey))\(suffix)")
    }

    /// The earlier format's cache file for the same endpoint and user as the database `url`.
    static func legacyURL(of url: URL) -> URL {
        url.deletingPathExtension().appendingPathExtension(String(legacySuffix.dropFirst()))
    }

    /// The persistence of the database at `url`, importing its earlier-format file.
    public static func persistence(of url: URL, maximumBytes: Int?, onWarning: @escaping @Sendable (String) -> Void = { _ in }) -> CachePersistence {
        .sqlite(at: url, importing: legacyURL(of: url), maximumBytes: maximumBytes, onWarning: onWarning)
    }

    /// The database name a file in the cache folder belongs to (the database itself, its
    /// companions, its earlier-format file and that file's lock and temporary files), or `nil`
    /// for files that are not a cache's.
    static func databaseName(of fileName: String) -> String? {
        let bare = fileName.hasPrefix(".") ? String(fileName.dropFirst()) : fileName
        // `cache-` + 16 hex digits + `-` + 16 hex digits.
        let stemLength = 6 + 16 + 1 + 16
        guard bare.hasPrefix("cache-"), bare.utf8.count > stemLength else { return nil }
        let stem = String(bare.prefix(stemLength))
        let rest = bare.dropFirst(stemLength)
        guard rest.hasPrefix(suffix) || rest.hasPrefix(legacySuffix) else { return nil }
        return stem + suffix
    }

    /// The start of the names of all of `endpoint`'s cache files: `cache-<endpoint hash>-`.
    static func prefix(endpoint: String) -> String {
        "cache-\(FNV1a.hex(endpoint))-"
    }
}
