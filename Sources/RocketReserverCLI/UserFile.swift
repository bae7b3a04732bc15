import Foundation
import Presentation

/// The files a user names on the command line: a document or schema to read (a regular file,
/// symlinks followed, at most ``maximumSize`` bytes, valid UTF-8), and an output written by
/// what is at its path (``OutputFile``).
enum UserFile {
    static let maximumSize = 4 << 20

    /// Why a named file could not be read or written; one sentence.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// The file is missing, not a file, too large or not text: a usage mistake (64), not an I/O error (74).
        var isUsage: Bool
        var description: String
    }

    static func read(_ path: String) throws(Failure) -> String {
        let shown = CommandLineParser.quoted(path)
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else {
            throw Failure(isUsage: true, description: "There is no file \(shown).")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw Failure(isUsage: true, description: "\(shown) is not a regular file.")
        }
        guard let handle = FileHandle(forReadingAtPath: resolved) else {
            throw Failure(isUsage: false, description: "\(shown) could not be opened for reading.")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw Failure(isUsage: false, description: "\(shown) could not be read.")
        }
        guard data.count <= maximumSize else { throw Failure(isUsage: true, description: "\(shown) is larger than \(maximumSize) bytes.") }
        guard let text = String(data: data, encoding: .utf8) else { throw Failure(isUsage: true, description: "\(shown) is not UTF-8 text.") }
        return text
    }

    /// Writes `text` to the file the user named, by what is there (see ``OutputFile``):
    /// a regular file is replaced atomically, keeping its mode; a FIFO or a device is streamed
    /// to; anything else is refused. `/dev/stdout` is `standardOutput`.
    static func write(_ text: String, to path: String, standardOutput: any TextOutput) throws(Failure) {
        try OutputFile.write(text, to: path, standardOutput: standardOutput)
    }
}
