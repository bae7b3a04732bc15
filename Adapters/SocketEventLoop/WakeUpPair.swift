#if canImport(Glibc)
import Glibc
#endif

/// A socket pair that wakes whoever waits for its read end to become readable (an event loop's
/// thread in `epoll_wait`) when any thread or task writes a byte to its write end. Both ends are
/// non-blocking and closed on `exec`. Each loop has one; a task that wants another task's wait
/// ended raises a ``WakeUpFlag`` instead, which costs no descriptor.
///
/// A full pair already wakes its reader, so a byte that finds no room is dropped.
package struct WakeUpPair: Sendable {
    /// The end to wait on for readability.
    package let readEnd: Int32
    /// The end ``signal(_:)`` writes to.
    package let writeEnd: Int32

    /// A new pair; `nil`, with `errno` set, when the system refuses one.
    package init?() {
        var descriptors: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, type, 0, &descriptors) == 0 else { return nil }
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
    }

    /// Writes one byte to the write end `descriptor` (nothing for a closed one, -1), never
    /// raising `SIGPIPE`.
    package static func signal(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL))
    }

    /// Empties the read end after a wait found it readable.
    package func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while recv(readEnd, &bytes, bytes.count, 0) > 0 {}
    }

    /// Closes both ends (once: its owner knows when).
    package func close() {
        _ = Glibc.close(readEnd)
        _ = Glibc.close(writeEnd)
    }
}
