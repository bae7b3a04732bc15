import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe file replacement: write a temporary file, fsync it, rename it over the target,
/// then fsync the directory.
enum AtomicFile {
    /// An I/O step failed.
    struct WriteError: Error, CustomStringConvertible {
        /// The failed step and its errno text.
        var description: String
    }

    /// Replaces the file at `url` with `data` atomically.
    static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw failure("open \(temporary)")
        }
        do {
            try writeAll(data, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else {
                throw failure("fsync \(temporary)")
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            unlink(temporary)
            throw failure("close \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            let error = failure("rename \(temporary) to \(path)")
            unlink(temporary)
            throw error
        }
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("write \(path)")
                }
                offset += written
            }
        }
    }

    private static func failure(_ step: String) -> WriteError {
        WriteError(description: "\(step): \(String(cString: strerror(errno)))")
    }
}
