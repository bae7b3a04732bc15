#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileIO {
    /// Runs `body` holding an exclusive advisory lock (`flock`) on the file at `path`.
    static func withExclusiveLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure("open lock file") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure("lock") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

extension FileIO {
    /// Takes an exclusive advisory lock on the file at `path` without waiting: the open
    /// descriptor holding it, or `nil` when another process holds the lock now.
    /// Release it with ``unlock(_:)``.
    static func tryExclusiveLock(_ path: String) throws -> Int32? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure("open lock file") }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let busy = errno == EWOULDBLOCK
            close(descriptor)
            if busy { return nil }
            throw Failure("lock")
        }
        return descriptor
    }

    /// Waits, polling every 5 ms (so that cancelling the task ends the wait), until no process
    /// holds an exclusive lock on the file at `path`, then runs `body` holding a shared one.
    /// Without a lock file (none yet, or none can be made) runs `body` unlocked.
    static func withSharedLock<T>(_ path: String, _ body: () throws -> T) async throws -> T {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_SH | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return try body() }
            try await Task.sleep(for: .milliseconds(5))
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Releases a lock taken with ``tryExclusiveLock(_:)``.
    static func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
