#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import POSIXSupport
import Glibc

/// A folder only its owner may enter: created with mode 0700, tightened to 0700 when wider.
struct PrivateDirectory: Sendable {
    /// Why the folder could not be made ready.
    enum Failure: Error, Equatable {
        /// A system call failed.
        case system(SystemCallError)
        /// The folder lets others in and its mode could not be tightened.
        case notPrivate(SystemCallError)
        /// Something other than a folder is in the way.
        case notADirectory
    }

    /// The folder's location.
    let url: URL

    /// Creates the folder (and any missing parents, also 0700) or tightens an existing one.
    func prepare() throws(Failure) {
        let path = url.path(percentEncoded: false)
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory }
            if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
                throw .notPrivate(SystemCallError("chmod"))
            }
            return
        }
        guard errno == ENOENT else { throw .system(SystemCallError("stat")) }
        try Self.create(url)
    }

    /// Creates `url` with mode 0700 after its missing parents; existing parents are left alone.
    private static func create(_ url: URL) throws(Failure) {
        let path = url.path(percentEncoded: false)
        let parent = url.deletingLastPathComponent()
        if parent.path(percentEncoded: false) != path, !exists(parent) {
            try create(parent)
        }
        if mkdir(path, 0o700) != 0 {
            guard errno == EEXIST else { throw .system(SystemCallError("mkdir")) }
            // Created concurrently by someone else; it must still be a folder.
            guard exists(url) else { throw .notADirectory }
            return
        }
        // mkdir's mode is filtered by the umask; make it exactly 0700.
        guard chmod(path, 0o700) == 0 else { throw .system(SystemCallError("chmod")) }
    }

    private static func exists(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.path(percentEncoded: false), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
