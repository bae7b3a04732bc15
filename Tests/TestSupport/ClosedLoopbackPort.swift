import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port with nothing listening on it: bound by the kernel's choice, then closed.
public enum ClosedLoopbackPort {
    public static func make() -> UInt16? {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                bind(fd, sockaddrPointer, length) == 0 && getsockname(fd, sockaddrPointer, &length) == 0
            }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
        #else
        return nil
        #endif
    }
}
