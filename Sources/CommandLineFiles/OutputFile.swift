import CommandLineKit
import PathNames
import POSIXSupport
import Glibc
import SystemErrorText

/// Writes a command's output to a path the user named, by what is at that path; nothing there
/// is ever replaced by a different kind of file.
///
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the open descriptor, as a stream.
/// - Nothing: a new regular file (mode `0666` less the umask), published whole under its name
///   only if nothing appeared there meanwhile.
/// - A regular file with one link: replaced atomically (a temporary file beside it, flushed, then
///   renamed over it), keeping its permission bits and, where permitted, its owner and group.
/// - A regular file with more than one hard link: rewritten in place, so every name keeps
///   sharing it (not atomic: a failure part-way leaves it partly written, and says so).
/// - A FIFO or a character device (a terminal, `/dev/null`, `/dev/full`): written as a stream.
/// - A symbolic link is followed to what it names, which is then treated as above; a dangling
///   one is refused, so that nothing is created through it.
/// - A folder, a socket, a block device: refused.
///
/// Every failure is one sentence (a ``UserFile/Failure`` that is not a usage mistake: exit 74),
/// and no temporary file is left behind.
package enum OutputFile {
    /// Writes `text` to `path`; standard output's aliases go to `standardOutput`, whose own
    /// failure the caller reports as for any other output.
    static func write(_ text: String, to path: String, standardOutput: (String) -> Void) throws(UserFile.Failure) {
        if let descriptor = descriptorAlias(path) {
            if descriptor == STDOUT_FILENO { standardOutput(text); return }
            if descriptor > STDERR_FILENO {
                let flags = fcntl(descriptor, F_GETFD)
                guard flags >= 0, flags & FD_CLOEXEC == 0 else { throw failure(path, EBADF) }
            }
            try stream(Array(text.utf8), to: descriptor, path: path)
            return
        }
        try write(Array(text.utf8), to: path)
    }

    /// Refuses, before any work is done for it, a path no output could be written to: a folder,
    /// a socket, a block device, a dangling symlink, a path in a missing folder. What is there
    /// is looked at again when the output is written.
    package static func check(_ path: String) throws(UserFile.Failure) {
        if descriptorAlias(path) != nil { return }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG, S_IFIFO, S_IFCHR: return
            default: throw refusal(path, kind: info)
            }
        }
        let code = errno
        guard code == ENOENT else { throw failure(path, code) }
        if lstat(path, &info) == 0 { throw danglingLink(path) }
        let folder = PathName.folder(of: path)
        guard stat(folder.isEmpty ? "." : folder, &info) == 0 else { throw failure(path, errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw failure(path, ENOTDIR) }
    }

    /// The descriptor a path names when it is an alias of one this process has open.
    ///
    /// Above 2, only a descriptor the command was started with counts (one without close-on-exec):
    /// the command's own descriptors (sockets, its signal pipe) are all close-on-exec, and are
    /// never written to.
    static func descriptorAlias(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return STDIN_FILENO
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            guard !number.isEmpty, number.allSatisfy(\.isASCII), let descriptor = Int32(number) else { return nil }
            return descriptor
        }
        return nil
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(UserFile.Failure) {
        var descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            switch code {
            case ENOENT:
                var info = stat()
                if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { throw danglingLink(path) }
                try create(bytes, at: path)
                return
            case ENXIO:
                // A FIFO without a reader yet (wait for one, as the shell's `>` does), or a socket.
                var info = stat()
                guard stat(path, &info) == 0 else { throw failure(path, errno) }
                guard info.st_mode & S_IFMT == S_IFIFO else { throw refusal(path, kind: info) }
                descriptor = SystemCall.repeating { open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
                guard descriptor >= 0 else { throw failure(path, errno) }
            case EISDIR:
                throw refusal(path, "it is a folder")
            default:
                throw failure(path, code)
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path, errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG where info.st_nlink > 1:
            try rewriteInPlace(bytes, descriptor: descriptor, size: Int(info.st_size), path: path)
        case S_IFREG:
            try replace(path, holding: info, with: bytes)
        case S_IFIFO, S_IFCHR:
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            try stream(bytes, to: descriptor, path: path)
        default:
            throw refusal(path, kind: info)
        }
    }

    /// Writes every byte to an open descriptor (a FIFO, a device, an inherited descriptor).
    private static func stream(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(UserFile.Failure) {
        if let code = SystemCall.writeAll(bytes, to: descriptor) {
            if code == EPIPE {
                throw UserFile.Failure(isUsage: false, description: "\(EchoedText.quoted(path)) could not be written: its reader went away before the end.")
            }
            throw failure(path, code)
        }
    }

    /// A new file at `path`, linked under its name only when complete, and only if the name is still free.
    private static func create(_ bytes: [UInt8], at path: String) throws(UserFile.Failure) {
        let folder = PathName.folder(of: path)
        let temporary = try TemporaryOutput(in: folder.isEmpty ? "." : folder, for: path, mode: 0o666)
        defer { temporary.discard() }
        try temporary.fill(with: bytes, path: path)
        try temporary.publish(at: path, replacing: false)
    }

    /// Replaces the regular file at `path` (a symlink to it is followed, and kept) atomically.
    private static func replace(_ path: String, holding original: stat, with bytes: [UInt8]) throws(UserFile.Failure) {
        guard let resolvedPointer = realpath(path, nil) else { throw failure(path, errno) }
        let resolved = String(cString: resolvedPointer)
        free(resolvedPointer)
        let temporary = try TemporaryOutput(in: PathName.folder(of: resolved), for: resolved, mode: 0o600)
        defer { temporary.discard() }
        // The owner first: changing it clears the set-id bits that fchmod then sets.
        if fchown(temporary.descriptor, original.st_uid, original.st_gid) != 0 {
            _ = fchown(temporary.descriptor, uid_t.max, original.st_gid)
        }
        guard fchmod(temporary.descriptor, original.st_mode & 0o777) == 0 else { throw failure(path, errno) }
        try temporary.fill(with: bytes, path: path)
        // What is at the resolved path must still be the file that was opened.
        var now = stat()
        guard lstat(resolved, &now) == 0, now.st_dev == original.st_dev, now.st_ino == original.st_ino else {
            throw UserFile.Failure(isUsage: false, description: "\(EchoedText.quoted(path)) was not written: it changed while the output was being prepared, and was left alone.")
        }
        try temporary.publish(at: resolved, replacing: true)
    }

    /// Overwrites the file through `descriptor`, which keeps its inode (and so its hard links).
    private static func rewriteInPlace(_ bytes: [UInt8], descriptor: Int32, size: Int, path: String) throws(UserFile.Failure) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        // Reserve the space first, so that a full disk leaves the file as it was.
        if bytes.count > size {
            let code = posix_fallocate(descriptor, 0, off_t(bytes.count))
            if code != 0, code != EOPNOTSUPP, code != EINVAL { throw failure(path, code) }
        }
        if let code = SystemCall.overwriteAll(bytes, at: descriptor) { throw partlyWritten(path, code) }
        guard ftruncate(descriptor, off_t(bytes.count)) == 0 else { throw partlyWritten(path, errno) }
        guard fsync(descriptor) == 0 else { throw partlyWritten(path, errno) }
    }

    static func failure(_ path: String, _ code: Int32) -> UserFile.Failure {
        UserFile.Failure(isUsage: false, description: "\(EchoedText.quoted(path)) could not be written (\(SystemErrorText.describe(code))).")
    }

    private static func partlyWritten(_ path: String, _ code: Int32) -> UserFile.Failure {
        UserFile.Failure(
            isUsage: false,
            description: "\(EchoedText.quoted(path)) could not be written (\(SystemErrorText.describe(code))); it has other hard links, so it was written in place, and may be incomplete."
        )
    }

    private static func refusal(_ path: String, _ reason: String) -> UserFile.Failure {
        UserFile.Failure(isUsage: false, description: "\(EchoedText.quoted(path)) was not written: \(reason). Name a regular file, a FIFO or a character device.")
    }

    private static func danglingLink(_ path: String) -> UserFile.Failure {
        refusal(path, "it is a symbolic link to a file that does not exist, which is never created through the link")
    }

    private static func refusal(_ path: String, kind info: stat) -> UserFile.Failure {
        let kind = switch info.st_mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
        return refusal(path, "it is \(kind)")
    }
}
