#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileIO {
    /// Runs `body` holding an exclusive advisory lock (`flock`) on the lock file at `path`.
    ///
    /// The lock file is opened with `O_NOFOLLOW | O_NONBLOCK`, so it is never created through
    /// a symlink nor blocks on a FIFO; such damage is reported through `onDamage`, removed and
    /// replaced by a fresh file. After locking, the path must still name the locked file (a
    /// remover may have unlinked it meanwhile); otherwise the lock is taken again.
    static func withExclusiveLock<T>(_ path: String, onDamage: (String) -> Void, _ body: () throws -> T) throws -> T {
        for _ in 0..<16 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
            guard descriptor >= 0 else {
                guard errno == ELOOP else { throw Failure("open lock file") }
                onDamage("it is a symbolic link, which is never followed")
                try remove(path)
                continue
            }
            var opened = stat()
            guard fstat(descriptor, &opened) == 0 else { close(descriptor); throw Failure("stat lock file") }
            if let kind = nonRegularKind(opened) {
                close(descriptor)
                onDamage("it is \(kind), not a regular file")
                try remove(path)
                continue
            }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { close(descriptor); throw Failure("lock") }
            }
            var current = stat()
            guard lstat(path, &current) == 0, current.st_ino == opened.st_ino, current.st_dev == opened.st_dev else {
                close(descriptor)  // removed or replaced while we waited: lock the new one
                continue
            }
            defer { flock(descriptor, LOCK_UN); close(descriptor) }
            return try body()
        }
        throw Failure("lock", reason: "the lock file kept being replaced")
    }
}
