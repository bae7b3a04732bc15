import CommandLineKit
import POSIXSupport
import Glibc

/// The temporary file an output is prepared in before it gets its name, in the folder it will live in.
///
/// On Linux it is nameless (`O_TMPFILE`) until it is published, so a process killed while it
/// is being written leaves nothing behind; elsewhere, or where the file system has no
/// nameless files, it is `FileIO.temporaryPath`'s `.<name>.<pid>.<16 hex digits>.tmp`, removed on failure. Either is
/// created with `mode` less the umask.
struct TemporaryOutput {
    let descriptor: Int32
    /// The temporary file's name, or `nil` while it is nameless.
    let name: String?
    let folder: String

    /// Creates the file in `folder`, the folder of the output `target` (used for its name and messages);
    /// `nameless: false` makes a named one even where a nameless one could be made.
    init(in folder: String, for target: String, mode: mode_t, nameless allowed: Bool = true) throws(UserFile.Failure) {
        self.folder = folder
        // `O_TMPFILE` is `__O_TMPFILE | O_DIRECTORY`; Swift does not import the macro.
        let nameless = Int32(0o20000000) | O_DIRECTORY
        if allowed, access("/proc/self/fd", X_OK) == 0 {
            let descriptor = SystemCall.repeating { open(folder, O_WRONLY | O_CLOEXEC | nameless, mode) }
            if descriptor >= 0 {
                self.descriptor = descriptor
                name = nil
                return
            }
            // Without support for nameless files, fall back to a named one; any other error is the folder's.
            let code = errno
            guard code == EOPNOTSUPP || code == EISDIR || code == EINVAL else { throw OutputFile.failure(target, code) }
        }
        let name = FileIO.temporaryPath(for: target)
        let descriptor = SystemCall.repeating { open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) }
        guard descriptor >= 0 else { throw OutputFile.failure(target, errno) }
        self.descriptor = descriptor
        self.name = name
    }

    /// Writes every byte and flushes them to disk.
    func fill(with bytes: [UInt8], path: String) throws(UserFile.Failure) {
        if let code = SystemCall.writeAll(bytes, to: descriptor) { throw OutputFile.failure(path, code) }
        guard fsync(descriptor) == 0 else { throw OutputFile.failure(path, errno) }
    }

    /// Gives the file its name `path`: over what is there (`replacing`, atomically), or only
    /// if the name is free; then flushes the folder.
    func publish(at path: String, replacing: Bool) throws(UserFile.Failure) {
        if let name {
            if replacing {
                guard rename(name, path) == 0 else { throw OutputFile.failure(path, errno) }
            } else if link(name, path) == 0 {
                unlink(name)
            } else {
                let code = errno
                // A file system without hard links: take the name, which was free a moment ago.
                guard code == EPERM || code == EOPNOTSUPP || code == EMLINK, rename(name, path) == 0 else { throw Self.taken(path, code) }
            }
        } else {
            let source = "/proc/self/fd/\(descriptor)"
            if replacing {
                let staging = FileIO.temporaryPath(for: path)
                guard linkat(AT_FDCWD, source, AT_FDCWD, staging, AT_SYMLINK_FOLLOW) == 0 else { throw OutputFile.failure(path, errno) }
                guard rename(staging, path) == 0 else {
                    let code = errno
                    unlink(staging)
                    throw OutputFile.failure(path, code)
                }
            } else if linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) != 0 {
                throw Self.taken(path, errno)
            }
        }
        try? FileIO.syncFolder(folder)
    }

    /// Closes the file and removes its temporary name, if it still has one.
    func discard() {
        close(descriptor)
        if let name { unlink(name) }
    }

    private static func taken(_ path: String, _ code: Int32) -> UserFile.Failure {
        guard code == EEXIST else { return OutputFile.failure(path, code) }
        return UserFile.Failure(
            isUsage: false, description: "\(EchoedText.quoted(path)) was not written: something was created there while the output was being prepared, and was left alone."
        )
    }
}
