import Glibc
import CommandLineKit
import POSIXSupport
import SystemErrorText

/// The files a user names on the command line: a document or schema to read (a regular file,
/// symlinks followed, at most ``maximumSize`` bytes, valid UTF-8), and an output written by
/// what is at its path (``OutputFile``).
package enum UserFile {
    package static let maximumSize = 4 << 20

    /// Why a named file could not be read or written; one sentence.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// The file is missing, not a file, too large or not text: a usage mistake (64), not an I/O error (74).
        package var isUsage: Bool
        package var description: String
    }

    /// The file's text. It is opened once, without blocking (a FIFO or a device swapped in after
    /// a check could otherwise hang the read), and only then looked at: what is read is what was checked.
    package static func read(_ path: String) throws(Failure) -> String {
        let shown = EchoedText.quoted(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR || code == ELOOP { throw Failure(isUsage: true, description: "There is no file \(shown).") }
            throw Failure(isUsage: false, description: "\(shown) could not be opened for reading (\(SystemErrorText.describe(code))).")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(isUsage: true, description: "\(shown) is not a regular file.")
        }
        guard info.st_size <= maximumSize else { throw Failure(isUsage: true, description: "\(shown) is larger than \(maximumSize) bytes.") }
        let bytes: [UInt8]
        do {
            bytes = try SystemCall.readToEnd(descriptor, limit: maximumSize, sizeHint: Int(info.st_size))
        } catch {
            switch error {
            case .tooLarge: throw Failure(isUsage: true, description: "\(shown) is larger than \(maximumSize) bytes.")
            case .failed(let code): throw Failure(isUsage: false, description: "\(shown) could not be read (\(SystemErrorText.describe(code))).")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure(isUsage: true, description: "\(shown) is not UTF-8 text.") }
        return text
    }

    /// Writes `text` to the file the user named, by what is there (see ``OutputFile``):
    /// a regular file is replaced atomically, keeping its mode; a FIFO or a device is streamed
    /// to; anything else is refused. `/dev/stdout` is `standardOutput`.
    package static func write(_ text: String, to path: String, standardOutput: (String) -> Void) throws(Failure) {
        try OutputFile.write(text, to: path, standardOutput: standardOutput)
    }
}
