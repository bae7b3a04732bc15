#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemErrorText

/// Checks, before anything is sent, that a CA file the user names (`--cacert`,
/// `ROCKET_RESERVER_CACERT`, `SSL_CERT_FILE`) is a readable regular file of at most
/// ``maximumSize`` bytes.
///
/// The path is first looked at (`stat`, so a device is never opened), then opened without
/// blocking (`O_NONBLOCK`: a FIFO with no writer does not hang the open) and judged again
/// through the open descriptor (`fstat`), so a FIFO, a device, a folder or a socket is refused
/// with a sentence instead of hanging inside OpenSSL. Symbolic links are
/// followed, as curl and OpenSSL follow them (system bundles are often links). The transport
/// reads the file again the same way and hands OpenSSL the bytes.
package enum CAFileCheck {
    /// The largest CA file accepted: 16 MiB (a full system bundle is about 200 KiB).
    package static let maximumSize = 16 << 20

    /// Why `path` cannot be used, or `nil` when it can; `missingIsFine` for variables whose
    /// file OpenSSL simply skips when absent (`SSL_CERT_FILE`).
    package static func problem(with path: String, missingIsFine: Bool = false) -> String? {
        // Looked at before it is opened, so a device is never even opened; then judged again on
        // the open descriptor, which nothing can swap.
        var info = stat()
        if stat(path, &info) == 0, let kind = kindProblem(info) { return kind }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return missingIsFine ? nil : "does not exist" }
            return "cannot be read (\(SystemErrorText.describe(errno)))"
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { return "cannot be read (\(SystemErrorText.describe(errno)))" }
        if let kind = kindProblem(info) { return kind }
        guard info.st_size <= maximumSize else { return "is larger than \(maximumSize >> 20) MiB" }
        return nil
    }

    /// What is wrong with a file of this kind, or `nil` for a regular file.
    private static func kindProblem(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "is a FIFO, not a regular file"
        case S_IFDIR: return "is a folder, not a file"
        case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
        case S_IFSOCK: return "is a socket, not a regular file"
        default: return "is not a regular file"
        }
    }
}
