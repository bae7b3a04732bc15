/// How `/graphql` answers a WebSocket upgrade: as the reference server should, or as the hosted
/// tutorial server does, for testing clients against its quirks.
public enum WebSocketBehaviour: String, Sendable, CaseIterable {
    /// Picks the first offered subprotocol it speaks; an unknown `connection_init` token is refused (4403).
    case reference
    /// The hosted tutorial server (subscriptions-transport-ws 0.11): it takes the FIRST offered
    /// subprotocol whatever it is, completes the handshake, and closes with 1002 unless that one
    /// is `graphql-ws`; `ka` keep-alives; a missing or unknown `connection_init` token is anonymous.
    case hosted
}
