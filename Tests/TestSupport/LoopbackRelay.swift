import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Relays plain TCP from [::1] (or 127.0.0.1) to 127.0.0.1:`port`, so a server that listens on
/// IPv4 only can be reached at an IPv6 literal.
public final class LoopbackRelay: @unchecked Sendable {
    public let port: UInt16
    private let listener: LoopbackListener

    /// Throws when `ipv6` is asked for and ::1 is unavailable.
    public init(to port: UInt16, ipv6: Bool = true) throws {
        listener = try LoopbackListener(ipv6: ipv6)
        self.port = listener.port
        let wake = listener.wakeRead
        listener.start { fd in
            defer { close(fd) }
            let target = LoopbackListener.connectToLoopback(port: port)
            guard target >= 0 else { return }
            defer { close(target) }
            ConnectProxy.relay(fd, target, wake: wake) { _ in }
        }
    }

    deinit { listener.stop() }

    public func stop() { listener.stop() }
}
