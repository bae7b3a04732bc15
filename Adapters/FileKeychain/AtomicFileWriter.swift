import Foundation
import POSIXSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's content atomically with a private (0600) file.
///
/// Writes a fresh temporary file beside the target (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600),
/// syncs it, renames it over the target and syncs the folder, so readers see the old content or
/// the new, never a mix. The temporary file is removed on every failure.
///
/// The temporary file is named `.<target>.<pid>.<16 hex digits>.tmp` and held under an exclusive
/// `flock` until it is renamed or removed: a file with that name that nobody has locked and
/// whose process is gone was left by a killed writer and may be swept away.
struct AtomicFileWriter: Sendable {
    /// The file to replace.
    let target: URL

    /// Writes `data` to ``target``.
    func write(_ data: Data) throws(SystemCallError) {
        let folder = target.deletingLastPathComponent()
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        let suffix = "\(getpid()).\(String(repeating: "0", count: 16 - random.count))\(random).tmp"
        let temporary = folder.appending(path: ".\(target.lastPathComponent).\(suffix)")
        let temporaryPath = temporary.path(percentEncoded: false)

        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw SystemCallError("open") }
        _ = flock(descriptor, LOCK_EX | LOCK_NB)  // a fresh file: nobody else can hold it
        do throws(SystemCallError) {
            try Self.writeAll(data, to: descriptor)
            // The umask can only narrow the mode; set it exactly all the same.
            guard fchmod(descriptor, 0o600) == 0 else { throw SystemCallError("fchmod") }
            guard fsync(descriptor) == 0 else { throw SystemCallError("fsync") }
            // Renamed while still locked, so the file is never unlocked under its temporary name.
            guard rename(temporaryPath, target.path(percentEncoded: false)) == 0 else { throw SystemCallError("rename") }
        } catch {
            unlink(temporaryPath)
            close(descriptor)
            throw error
        }
        close(descriptor)  // the data is already synced; nothing is lost if close reports an error
        try FolderSync.sync(folder)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) throws(SystemCallError) {
        let failure: SystemCallError? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return nil }
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return SystemCallError("write")
                }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }
}

/// POSIX `write(2)`, named apart from ``AtomicFileWriter/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
