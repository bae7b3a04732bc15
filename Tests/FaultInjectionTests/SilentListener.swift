import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// A socket on 127.0.0.1 that listens and never accepts: a client's connection completes in the
/// kernel's backlog, its first bytes (a proxy's `CONNECT`) are never read nor answered.
final class SilentListener: Sendable {
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        (descriptor, port) = try LoopbackSocket.listen(backlog: 8)
    }

    deinit { close(descriptor) }

    /// Whether a connection arrived within `seconds`: the listening socket turns readable when
    /// one waits in its backlog. The wait runs off the Swift concurrency pool.
    func waitForConnection(seconds: Int32 = 20) async -> Bool {
        let fd = descriptor
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                var result: Int32
                repeat { result = poll(&ready, 1, seconds * 1_000) } while result < 0 && errno == EINTR
                continuation.resume(returning: result > 0)
            }
        }
    }
}
