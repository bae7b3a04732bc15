import PathNames
import Glibc

extension FileIO {
    /// Replaces the file at `path` with `bytes` atomically and privately: a temporary file in
    /// the same folder (mode 0600 exactly, whatever the umask) is written, flushed to disk and
    /// renamed over it (a symlink or FIFO there is replaced, never followed); the folder is then
    /// flushed too. Readers see the old content or the new, never a mix; on failure the
    /// temporary file is removed.
    ///
    /// The temporary file is named `.<name>.<pid>.<random hex>.tmp` and its writer holds an
    /// exclusive `flock` on it until it is renamed or removed, so a sweeper can tell a live
    /// writer's file (locked) from one left by a killed process (unlocked, its pid gone).
    ///
    /// `durable: false` skips both flushes, for a file whose loss in a crash costs little (a
    /// file a crash left short must then be read as damaged).
    package static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(Failure) {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Failure("create temporary file") }
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        var failure: Failure?
        if let code = SystemCall.writeAll(bytes, to: descriptor) {
            failure = Failure("write", code)
        } else if fchmod(descriptor, 0o600) != 0 {
            failure = Failure("fchmod")
        } else if durable, fsync(descriptor) != 0 {
            failure = Failure("fsync")
        }
        if failure == nil, rename(temporary, path) != 0 { failure = Failure("rename") }
        if failure != nil { unlink(temporary) }
        if close(descriptor) != 0, failure == nil { failure = Failure("close") }
        if let failure { throw failure }
        if durable { try syncFolder(PathName.folder(of: path)) }
    }

    /// A fresh temporary name beside `path`: `.<name>.<pid>.<16 hex digits>.tmp`.
    package static func temporaryPath(for path: String) -> String {
        let folder = PathName.folder(of: path)
        let name = PathName.lastComponent(of: path)
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        return folder + "/." + name + "." + String(getpid()) + "." + String(repeating: "0", count: 16 - random.count) + random + ".tmp"
    }

    /// The temporary files of `path` that exist now (written by any process).
    package static func temporaryFiles(of path: String) -> [String] {
        let folder = PathName.folder(of: path)
        let prefix = "." + PathName.lastComponent(of: path) + "."
        let names = (try? names(in: folder)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".tmp") }.map { folder + "/" + $0 }
    }
}
