import Foundation

/// The two GraphQL-over-WebSocket subprotocols the server speaks on `/graphql`.
public enum WebSocketSubprotocol: String, Sendable, CaseIterable {
    /// The graphql-ws library's protocol: `connection_init`/`connection_ack`, `ping`/`pong`,
    /// `subscribe`/`next`/`error`/`complete`, violations closed with 44xx codes.
    case graphQLTransportWS = "graphql-transport-ws"
    /// The legacy protocol of subscriptions-transport-ws (the hosted tutorial server's):
    /// `connection_init`/`connection_ack`, `ka` keep-alives, `start`/`data`/`error`/`complete`/`stop`,
    /// `connection_terminate`.
    case graphQLWS = "graphql-ws"

    /// The first protocol the client offers that the server speaks, in the client's order.
    ///
    /// - Parameter offered: The `Sec-WebSocket-Protocol` header values (each may list several,
    ///   comma-separated).
    public static func choose(offered: [String]) -> WebSocketSubprotocol? {
        for value in offered {
            for name in value.split(separator: ",") {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                if let known = WebSocketSubprotocol(rawValue: trimmed) {
                    return known
                }
            }
        }
        return nil
    }
}
