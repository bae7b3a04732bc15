import GraphQLClient
import Transport

/// Why a GraphQL subscription (or its shared connection) failed: typed, with a plain sentence.
///
/// Server text is quoted only where the protocol carries a message meant for the client (an
/// `error` payload's messages, a close reason); a credential never appears in it.
public struct GraphQLSubscriptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure kinds.
    public enum Kind: Sendable, Hashable {
        /// The server picked neither `graphql-transport-ws` nor `graphql-ws` (`picked` is what it chose, if anything).
        case noCommonSubprotocol(picked: String?)
        /// The endpoint URL cannot carry a subscription (not `ws://`/`wss://`, or `http(s)` without a host).
        case invalidEndpoint(String)
        /// The server could not be reached, or the connection failed below the WebSocket (TLS, proxy, timeout).
        case transport(HTTPTransportError.Kind)
        /// The WebSocket failed (refused upgrade, invalid handshake, protocol violation, lost without a close).
        case webSocket(WebSocketError.Kind)
        /// The server did not acknowledge `connection_init` within the allowed time.
        case acknowledgementTimedOut
        /// The server refused the connection (`connection_error`, or close 4401/4403): usually the login.
        case connectionRefused(code: WebSocketCloseCode?, reason: String)
        /// The server closed the connection with a GraphQL-over-WebSocket code (4400, 4409, 4429, 4499, …) or another code.
        case closed(code: WebSocketCloseCode, reason: String)
        /// The server answered the subscription with an `error` message (its GraphQL errors).
        case rejected([GraphQLError])
        /// The server sent a message this protocol does not allow (not JSON, an unknown type, a missing id).
        case malformedMessage(String)
        /// An event's `data` does not have the selected shape, or does not decode.
        case unexpectedShape(String)
    }

    /// The operation name of the subscription that failed (a failure of the shared connection
    /// reaches each subscription with its own).
    public var operationName: String
    public var kind: Kind

    public init(operationName: String, kind: Kind) {
        self.operationName = operationName
        self.kind = kind
    }

    /// Whether reconnecting may help: a lost connection, a server going away or restarting, a
    /// missing acknowledgement. A refusal, a protocol mismatch or a hostile message is final.
    public var isTransient: Bool { kind.isTransient }

    public var description: String {
        switch kind {
        case .noCommonSubprotocol(let picked):
            "The server speaks neither graphql-transport-ws nor graphql-ws" + (picked.map { " (it picked \"\($0)\")." } ?? ".")
        case .invalidEndpoint(let reason): "The subscription endpoint is invalid: \(reason)."
        case .transport(let kind): Self.sentence(for: kind)
        case .webSocket(let kind): WebSocketError(kind).description
        case .acknowledgementTimedOut: "The server did not acknowledge the subscription connection in time."
        case .connectionRefused(_, let reason):
            reason.isEmpty ? "The server refused the subscription connection." : "The server refused the subscription connection: \(reason)"
        case .closed(let code, let reason):
            reason.isEmpty ? "The server closed the subscription connection with \(code)." : "The server closed the subscription connection with \(code): \(reason)"
        case .rejected(let errors): "The server rejected the subscription: \(errors.first?.message ?? "no message")"
        case .malformedMessage(let reason): "The server sent an invalid subscription message (\(reason))."
        case .unexpectedShape(let reason): "A subscription event has an unexpected shape: \(reason)."
        }
    }

    /// One sentence for a transport failure, without server text.
    private static func sentence(for kind: HTTPTransportError.Kind) -> String {
        switch kind {
        case .connectionRefused: "The server refused the connection."
        case .hostUnreachable: "The server's host could not be reached."
        case .connectionLost: "The connection was lost."
        case .timedOut: "The server did not answer in time."
        case .cancelled: "The subscription was cancelled."
        case .tlsUnavailable(let reason): "TLS is unavailable: \(reason)."
        case .tlsCertificate(let reason): "The server's certificate was not trusted: \(reason)."
        case .tlsHandshake(let reason): "The TLS handshake failed: \(reason)."
        case .redirected(let status, _): "The server answered the upgrade with a redirect (HTTP \(status))."
        case .proxyFailed(let proxy, let reason): "The proxy \(proxy) failed: \(reason)."
        case .malformedResponse(let reason): "The server's answer was not HTTP this client can read (\(reason))."
        case .responseTooLarge(let limit): "The server's answer exceeded \(limit) bytes."
        case .unsupportedURL: "The endpoint's URL cannot be used for a subscription."
        case .system(let errno): "The connection failed: \(HTTPTransportError.systemErrorText(errno))."
        case .other(let code): "The connection failed (\(code))."
        }
    }
}

extension GraphQLSubscriptionError.Kind {
    /// Whether reconnecting may help (see ``GraphQLSubscriptionError/isTransient``).
    var isTransient: Bool {
        switch self {
        case .transport(let kind):
            switch kind {
            case .connectionRefused, .hostUnreachable, .connectionLost, .timedOut: true
            default: false
            }
        case .webSocket(.connectionLost), .acknowledgementTimedOut: true
        case .webSocket(.handshakeRefused(let status)): [502, 503, 504].contains(status)
        case .closed(let code, _): [1001, 1006, 1011, 1012, 1013, 1014].contains(code.rawValue)
        default: false
        }
    }
}
