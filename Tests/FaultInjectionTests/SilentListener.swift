import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A socket on 127.0.0.1 that listens and never accepts: a client's connection completes in the
/// kernel's backlog, its first bytes (a proxy's `CONNECT`) are never read nor answered.
final class SilentListener: Sendable {
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = fd >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard ok else {
            if fd >= 0 { close(fd) }
            throw CocoaError(.fileReadUnknown)
        }
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
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
