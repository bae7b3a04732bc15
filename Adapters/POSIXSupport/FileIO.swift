import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file operations the cache file needs: bounded reads, atomic replacement, locking.
///
/// Every state file is opened with `O_NOFOLLOW | O_NONBLOCK`: a symlink is never followed and a
/// FIFO never blocks. Only a regular file under a size bound is read; anything else is damage.
package enum FileIO {
    /// A failed system call, or a path that holds something other than a usable file.
    package struct Failure: Error, CustomStringConvertible {
        package let operation: String
        package let reason: String
        /// The path holds damaged state (a symlink, FIFO, device, folder or oversized file),
        /// which is replaced, never followed.
        package let isDamage: Bool

        /// A failure explained by `errno` (read when the failure is created).
        package init(_ operation: String, _ code: Int32 = errno) {
            self.init(operation, reason: String(cString: strerror(code)))
        }

        package init(_ operation: String, reason: String) {
            self.operation = operation
            self.reason = reason
            self.isDamage = false
        }

        /// Damaged state: `reason` says what is at the path, for example "it is a FIFO".
        package init(damage reason: String) {
            self.operation = "open"
            self.reason = reason
            self.isDamage = true
        }

        package var description: String { isDamage ? reason : "\(operation) failed: \(reason)" }
    }

    /// The whole file, or `nil` when it does not exist (nor can, under a non-folder).
    /// - Throws: A damage ``Failure`` for a symlink, a non-regular file or one over `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            if errno == ELOOP { throw Failure(damage: "it is a symbolic link, which is never followed") }
            throw Failure("open")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure("stat") }
        if let kind = nonRegularKind(info) { throw Failure(damage: "it is \(kind), not a regular file") }
        guard info.st_size <= limit else { throw Failure(damage: "it is larger than \(limit) bytes") }
        do {
            return try SystemCall.readToEnd(descriptor, limit: limit, sizeHint: Int(info.st_size))
        } catch {
            switch error {
            case .tooLarge: throw Failure(damage: "it is larger than \(limit) bytes")
            case .failed(let code): throw Failure("read", code)
            }
        }
    }

    /// What a non-regular file is ("a FIFO", "a folder"…), or `nil` for a regular file.
    package static func nonRegularKind(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "something unknown"
        }
    }

    /// Deletes the file (a symlink itself, never its target); a missing file is not an error.
    package static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT || errno == ENOTDIR else { throw Failure("unlink") }
    }

    /// Creates the folder (owner-only) and its parents when missing.
    package static func createFolder(_ path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw Failure("create folder", reason: "the path is not a folder or cannot be created")
        }
    }

    /// Flushes the folder's entries to disk, so a rename or unlink in it survives a crash.
    package static func syncFolder(_ folder: String) throws(Failure) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { throw Failure("open folder") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure("fsync folder") }
    }
}
