import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file operations the cache file needs: whole reads, atomic replacement, locking.
enum FileIO {
    /// A failed system call, described without anything but the call and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        let operation: String
        let reason: String

        /// A failure explained by `errno` (read when the failure is created).
        init(_ operation: String, _ code: Int32 = errno) {
            self.init(operation, reason: String(cString: strerror(code)))
        }

        init(_ operation: String, reason: String) {
            self.operation = operation
            self.reason = reason
        }

        var description: String { "\(operation) failed: \(reason)" }
    }

    /// The whole file, or `nil` when it does not exist (nor can, under a non-folder).
    static func read(_ path: String) throws(Failure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw Failure("open")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure("stat") }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("read")
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file in the same folder
    /// is written, flushed to disk and renamed over it; the folder is then flushed too.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = folder + "/." + name + "." + String(getpid()) + "." + String(UInt32.random(in: .min ... .max), radix: 16) + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure("create temporary file") }
        var failure: Failure?
        if !writeAll(bytes, to: descriptor) {
            failure = Failure("write")
        } else if fsync(descriptor) != 0 {
            failure = Failure("fsync")
        }
        if close(descriptor) != 0, failure == nil { failure = Failure("close") }
        if failure == nil, rename(temporary, path) != 0 { failure = Failure("rename") }
        if let failure {
            unlink(temporary)
            throw failure
        }
        syncFolder(folder)
    }

    /// Deletes the file; a missing file is not an error.
    static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw Failure("unlink") }
    }

    /// Creates the folder (owner-only) and its parents when missing.
    static func createFolder(_ path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw Failure("create folder", reason: "the path is not a folder or cannot be created")
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// `read(2)`, named apart from ``FileIO/read(_:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
