import Foundation
import POSIXSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Flushes a folder's entries to disk, so a rename or unlink in it survives a crash.
enum FolderSync {
    /// Syncs the folder at `url`.
    static func sync(_ url: URL) throws(SystemCallError) {
        let descriptor = open(url.path(percentEncoded: false), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemCallError("open") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw SystemCallError("fsync") }
    }
}
