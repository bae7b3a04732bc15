import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port with nothing listening on it: bound by the kernel's choice and kept bound,
/// never listening, for the rest of the run.
///
/// A connection to it is refused. Keeping the socket (one descriptor per call) reserves the
/// port: a port released at once could be handed to a server another test starts meanwhile
/// (tests run in parallel), and the "closed" port would answer.
public enum ClosedLoopbackPort {
    public static func make() -> UInt16? {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
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
        guard bound else {
            close(fd)
            return nil
        }
        return UInt16(bigEndian: address.sin_port)
        #else
        return nil
        #endif
    }
}
