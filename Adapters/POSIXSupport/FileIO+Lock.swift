import Glibc

extension FileIO {
    /// Runs `body` holding an exclusive advisory lock (`flock`) on the lock file at `path`.
    ///
    /// The lock file is opened as ``openLockFile(_:onDamage:)`` says: never through a symlink,
    /// never blocking on a FIFO. After locking, the path must still name the locked file (a
    /// remover may have unlinked it meanwhile); otherwise the lock is taken again.
    package static func withExclusiveLock<T>(_ path: String, onDamage: (String) -> Void, _ body: () throws -> T) throws -> T {
        for _ in 0..<16 {
            guard let (descriptor, opened) = try openLockFile(path, onDamage: onDamage) else { continue }
            guard SystemCall.repeating({ flock(descriptor, LOCK_EX) }) == 0 else {
                let failure = Failure("lock")
                close(descriptor)
                throw failure
            }
            guard stillNames(path, opened) else {
                close(descriptor)  // removed or replaced while we waited: lock the new one
                continue
            }
            defer { flock(descriptor, LOCK_UN); close(descriptor) }
            return try body()
        }
        throw Failure("lock", reason: "the lock file kept being replaced")
    }

    /// Takes an exclusive advisory lock on the lock file at `path` without waiting: the open
    /// descriptor holding it, or `nil` when another process holds the lock now.
    /// Release it with ``unlock(_:)``. The file is opened as ``withExclusiveLock(_:onDamage:_:)`` opens it.
    package static func tryExclusiveLock(_ path: String, onDamage: (String) -> Void) throws -> Int32? {
        for _ in 0..<16 {
            guard let (descriptor, opened) = try openLockFile(path, onDamage: onDamage) else { continue }
            if SystemCall.repeating({ flock(descriptor, LOCK_EX | LOCK_NB) }) != 0 {
                let failure = errno == EWOULDBLOCK ? nil : Failure("lock")
                close(descriptor)
                guard let failure else { return nil }
                throw failure
            }
            guard stillNames(path, opened) else {
                unlock(descriptor)
                continue
            }
            return descriptor
        }
        throw Failure("lock", reason: "the lock file kept being replaced")
    }

    /// Releases a lock taken with ``tryExclusiveLock(_:onDamage:)``.
    package static func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Opens, creating it if needed, the lock file at `path` with `O_NOFOLLOW | O_NONBLOCK`:
    /// the descriptor and the file's identity, or `nil` when damage (a symlink, a FIFO, a
    /// folder…) was found, reported through `onDamage` and removed, so the caller tries again.
    private static func openLockFile(_ path: String, onDamage: (String) -> Void) throws -> (Int32, stat)? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            guard errno == ELOOP else { throw Failure("open lock file") }
            onDamage("it is a symbolic link, which is never followed")
            try remove(path)
            return nil
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { close(descriptor); throw Failure("stat lock file") }
        if let kind = nonRegularKind(opened) {
            close(descriptor)
            onDamage("it is \(kind), not a regular file")
            try remove(path)
            return nil
        }
        return (descriptor, opened)
    }

    /// Whether `path` still names the file whose identity is `opened`.
    private static func stillNames(_ path: String, _ opened: stat) -> Bool {
        var current = stat()
        return lstat(path, &current) == 0 && current.st_ino == opened.st_ino && current.st_dev == opened.st_dev
    }
}
