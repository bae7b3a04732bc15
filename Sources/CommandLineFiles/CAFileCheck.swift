import Glibc
import POSIXSupport
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
/// reads the file again the same way (`FileIO.openNamed` is the one check) and hands OpenSSL the bytes.
package enum CAFileCheck {
    /// The largest CA file accepted: the TLS client's limit (16 MiB; a full system bundle is about 200 KiB).
    package static let maximumSize = FileIO.maximumCAFileSize

    /// Why `path` cannot be used, or `nil` when it can; `missingIsFine` for variables whose
    /// file OpenSSL simply skips when absent (`SSL_CERT_FILE`).
    package static func problem(with path: String, missingIsFine: Bool = false) -> String? {
        do {
            guard let file = try FileIO.openNamed(path, limit: maximumSize) else { return missingIsFine ? nil : "does not exist" }
            close(file.descriptor)
            return nil
        } catch {
            switch error {
            case .notRegular(let mode): return kindProblem(mode)
            case .tooLarge: return "is larger than \(maximumSize >> 20) MiB"
            case .failed(_, let code): return "cannot be read (\(SystemErrorText.describe(code)))"
            case .symbolicLink: return kindProblem(S_IFLNK)
            }
        }
    }

    /// What is wrong with a file of this kind (its `S_IFMT` bits).
    private static func kindProblem(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "is a FIFO, not a regular file"
        case S_IFDIR: "is a folder, not a file"
        case S_IFCHR, S_IFBLK: "is a device, not a regular file"
        case S_IFSOCK: "is a socket, not a regular file"
        default: "is not a regular file"
        }
    }
}
