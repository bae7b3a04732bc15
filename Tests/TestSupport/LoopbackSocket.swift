import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket on 127.0.0.1 (or ::1) at a port the kernel picks: the one socket set-up the
/// test servers, peers and listeners share. The socket is close-on-exec and blocking.
public enum LoopbackSocket {
    /// Which call failed, and its `errno`.
    public struct SetupError: Error, CustomStringConvertible {
        public var call: String
        public var code: Int32
        public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A socket bound to loopback and listening with room for `backlog` waiting connections,
    /// and its port; throws when the address family is unavailable (for example no IPv6). With
    /// `bufferBytes`, the send and receive buffers of the connections it accepts are that small
    /// (set on the listener before it listens, so an accepted socket has them from the start).
    public static func listen(ipv6: Bool = false, backlog: Int32, bufferBytes: Int32? = nil) throws -> (descriptor: Int32, port: UInt16) {
        try open(ipv6: ipv6, bufferBytes: bufferBytes) { fd in
            #if canImport(Glibc)
            Glibc.listen(fd, backlog) == 0 ? nil : "listen"
            #else
            Darwin.listen(fd, backlog) == 0 ? nil : "listen"
            #endif
        }
    }

    /// A socket bound to loopback and not listening (a connection to its port is refused), and its port.
    public static func bound(ipv6: Bool = false) throws -> (descriptor: Int32, port: UInt16) {
        try open(ipv6: ipv6) { _ in nil }
    }

    /// A socket bound to `port`, which a stopped server just left, and not listening: while it
    /// is open a connection to the port is refused, and no other test's server can be given the
    /// port (tests run in parallel, and the kernel hands out a port freed a moment ago). `nil`
    /// when another socket took the port first.
    public static func reserve(port: UInt16, ipv6: Bool = false) -> Int32? {
        try? open(ipv6: ipv6, port: port, reuseAddress: true) { _ in nil }.descriptor
    }

    /// Binds a new socket, runs `then` on it (which names the call that failed, if one did), and reads the port back.
    private static func open(
        ipv6: Bool, port: UInt16 = 0, reuseAddress: Bool = false, bufferBytes: Int32? = nil, then: (Int32) -> String?
    ) throws -> (descriptor: Int32, port: UInt16) {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SetupError(call: "socket", code: errno) }
        if reuseAddress {
            // The stopped server's accepted connections may linger in TIME_WAIT on the port.
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        if var size = bufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var storage = sockaddr_storage()
        var length = socklen_t(ipv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        withUnsafeMutableBytes(of: &storage) { raw in
            if ipv6 {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_addr = in6addr_loopback
                address.sin6_port = port.bigEndian
                raw.storeBytes(of: address, as: sockaddr_in6.self)
            } else {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                address.sin_port = port.bigEndian
                raw.storeBytes(of: address, as: sockaddr_in.self)
            }
        }
        let failed: String? = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                if bind(fd, address, length) != 0 { return "bind" }
                if let failed = then(fd) { return failed }
                return getsockname(fd, address, &length) == 0 ? nil : "getsockname"
            }
        }
        if let failed {
            let code = errno
            close(fd)
            throw SetupError(call: failed, code: code)
        }
        let port = withUnsafeBytes(of: &storage) { raw in
            ipv6 ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port) : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
        return (fd, port)
    }
}
