#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import POSIXSupport

/// Sweeps the temporary files that killed writers leave in a state folder.
///
/// Both adapters that write state (the keychain and the cache) name a temporary file
/// `.<target>.<pid>.<16 hex digits>.tmp` and hold an exclusive `flock` on it from right after
/// creating it until it is renamed or removed. A temporary file is stale, and removed, when
/// nobody holds its lock and its process is gone (or it is older than ``maximumAge``, for a pid
/// that was reused). A live writer either holds the lock or has created the file an instant
/// ago in a live process, so its file is never removed. Hidden `.tmp` files without a pid
/// (written by older versions) are stale whenever unlocked.
public enum StaleTemporaryFiles {
    /// How old an unlocked temporary file of a running process may be before it counts as stale.
    static let maximumAge: TimeInterval = 600

    /// Removes the stale temporary files in `folder` (or, when `owner` is given, every one
    /// written by that process, locked or not) and returns the ones that could not be removed.
    @discardableResult
    public static func sweep(_ folder: URL, owner: pid_t? = nil) -> [String] {
        // `path(percentEncoded:)`: the `path` getter builds a set of bytes on its first use in a
        // process (0.27 M instructions), which every command would pay here.
        let names = (try? FileIO.names(in: folder.path(percentEncoded: false))) ?? []
        var left: [String] = []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let path = folder.appendingPathComponent(name).path
            let writer = Self.writer(of: name)
            if let owner {
                if writer == owner, unlink(path) != 0, errno != ENOENT { left.append(path) }
            } else if isStale(path, writer: writer), unlink(path) != 0, errno != ENOENT {
                left.append(path)
            }
        }
        return left
    }

    /// The pid in `.<target>.<pid>.<hex>.tmp`, if the name has one.
    static func writer(of name: String) -> pid_t? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[parts.count - 2].count == 16 else { return nil }
        return pid_t(parts[parts.count - 3])
    }

    private static func isStale(_ path: String, writer: pid_t?) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return errno == ELOOP }  // a symlink under a temporary name is junk
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        guard info.st_mode & S_IFMT == S_IFREG else { return true }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }  // a live writer holds it
        guard let writer else { return true }
        let alive = kill(writer, 0) == 0 || errno == EPERM
        let modified = info.st_mtim.tv_sec
        let age = Date().timeIntervalSince1970 - TimeInterval(modified)
        return !alive || age > maximumAge
    }
}
