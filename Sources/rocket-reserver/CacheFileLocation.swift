import Domain
import Foundation

/// Names the cache file of one endpoint and one user, so that one user's answers (their
/// `isBooked`) never show for another user, for another endpoint, or after logout.
///
/// The name, `cache-<endpoint hash>-<user hash>.rrcache`, holds hashes only: neither the email
/// nor anything about the token appears in it. Every name has the same length, and all of
/// one endpoint's files share ``prefix(endpoint:)``, so they can be found without the email.
enum CacheFileLocation {
    /// The extension of every cache file.
    static let suffix = ".rrcache"

    static func url(in directory: URL, endpoint: String, user: EmailAddress?) -> URL {
        let userKey = user.map { "user:\($0.rawValue)" } ?? "anonymous"
        return directory.appendingPathComponent("\(prefix(endpoint: endpoint))\(fnv1a(userKey))\(suffix)")
    }

    /// The start of the names of all of `endpoint`'s cache files: `cache-<endpoint hash>-`.
    static func prefix(endpoint: String) -> String {
        "cache-\(fnv1a(endpoint))-"
    }

    /// Whether a file in the cache folder is one of the cache files this names (not a lock or
    /// temporary file).
    static func isCacheFileName(_ name: String) -> Bool {
        name.hasPrefix("cache-") && name.hasSuffix(".rrcache")
    }

    /// The FNV-1a 64-bit hash as 16 hex digits: stable across runs and platforms.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
