#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What opening a WebSocket needs: the `ws://` or `wss://` URL, the subprotocols offered, and
/// the caller's headers, sent as given and nothing else of the caller's (credentials included).
public struct WebSocketRequest: Sendable {
    public var url: URL
    /// Offered in this order in `Sec-WebSocket-Protocol`; the server may pick one or none.
    public var subprotocols: [String]
    /// Extra header fields (for example `Authorization`), in order; names the handshake sets
    /// itself (`Host`, `Upgrade`, `Connection`, `Sec-WebSocket-*`) are left out.
    public var headers: [(name: String, value: String)]
    /// How long connecting and the opening handshake may take; an open connection has no deadline.
    public var timeout: Duration

    public init(url: URL, subprotocols: [String] = [], headers: [(name: String, value: String)] = [], timeout: Duration = .seconds(30)) {
        self.url = url
        self.subprotocols = subprotocols
        self.headers = headers
        self.timeout = timeout
    }
}
