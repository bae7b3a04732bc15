import SocketRouting

/// Which kept-alive connections a request may share: the same scheme, host and port, reached
/// the same way (directly, or through the same proxy with the same credentials).
struct ConnectionOrigin: Hashable, Sendable {
    let secure: Bool
    let host: String
    let port: Int
    /// The proxy's origin and credentials, or `nil` for a direct connection; never shown.
    let proxy: String?

    init(secure: Bool, host: String, port: Int, proxy: ProxyTunnel?) {
        self.secure = secure
        self.host = host.lowercased()
        self.port = port
        self.proxy = proxy.map { $0.origin + " " + ($0.authorization ?? "") }
    }
}
