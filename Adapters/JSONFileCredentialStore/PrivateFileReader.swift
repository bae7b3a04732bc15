#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import POSIXSupport
import Glibc

/// Reads a small file that must be private to its owner, repairing its mode when it can.
///
/// Opens without following symlinks and without blocking, refuses anything but a regular
/// file, and reads at most ``limit`` bytes so that a huge file cannot exhaust memory.
struct PrivateFileReader: Sendable {
    /// Why the file could not be read.
    enum Failure: Error, Equatable {
        /// A system call failed (for example `EACCES`).
        case system(SystemCallError)
        /// The path names a folder, device, FIFO or symlink.
        case notARegularFile
        /// The file is larger than the limit.
        case tooLarge(limit: Int)
        /// Others may read the file and its mode could not be repaired.
        case notPrivate(String)
    }

    /// The file to read.
    let url: URL
    /// The largest size accepted, in bytes.
    let limit: Int

    /// The file's content, or `nil` when there is no file.
    func read() throws(Failure) -> Data? {
        let descriptor = open(url.path(percentEncoded: false), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw .notARegularFile
            default: throw .system(SystemCallError("open"))
            }
        }
        defer { close(descriptor) }

        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(SystemCallError("fstat")) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile }
        if info.st_mode & 0o077 != 0 {
            guard info.st_uid == geteuid() else {
                throw .notPrivate("the file is readable by others and belongs to another user")
            }
            guard fchmod(descriptor, 0o600) == 0 else {
                throw .notPrivate("the file is readable by others and its mode could not be changed: \(SystemCallError("fchmod"))")
            }
        }
        guard info.st_size <= limit else { throw .tooLarge(limit: limit) }
        do {
            return Data(try SystemCall.readToEnd(descriptor, limit: limit, sizeHint: Int(info.st_size)))
        } catch {
            switch error {
            case .tooLarge: throw .tooLarge(limit: limit)
            case .failed(let code): throw .system(SystemCallError("read", code: code))
            }
        }
    }
}
