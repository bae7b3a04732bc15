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

    /// Releases a lock taken with ``tryExclusiveLock(_:)``.
    static func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

extension FileIO {
    /// The mutation counters kept in the first 16 bytes of a lock file (little-endian `started`,
    /// `finished`); zeros when the file is missing or shorter.
    static func readCounters(path: String) -> CacheWriteStamp {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return CacheWriteStamp(started: 0, finished: 0) }
        defer { close(descriptor) }
        return readCounters(descriptor)
    }

    static func readCounters(_ descriptor: Int32) -> CacheWriteStamp {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 16, 0) }
        guard count == 16 else { return CacheWriteStamp(started: 0, finished: 0) }
        func number(_ start: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[start + $1]) << (8 * UInt64($1)) } }
        return CacheWriteStamp(started: number(0), finished: number(8))
    }

    /// Writes the counters into a lock file held open (and locked) as `descriptor`.
    static func writeCounters(_ stamp: CacheWriteStamp, to descriptor: Int32) {
        var bytes: [UInt8] = []
        for value in [stamp.started, stamp.finished] { for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) } }
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 16, 0) }
    }
}
