import GraphQLSubscriptions
import Transport
import Ports

extension ServiceError.Kind {
    /// The port's kind for a subscription failure, as the CLI's exit codes need it: cannot
    /// connect 69, refused login 77, not understood 76, refused by the server 1.
    package init(_ error: GraphQLSubscriptionError) {
        self = switch error.kind {
        case .transport(let kind): Self.transport(kind)
        case .webSocket(.handshakeRefused), .webSocket(.handshakeInvalid), .webSocket(.protocolViolation): .unreadableResponse
        case .webSocket: .unreachable
        case .invalidEndpoint: .unreachable
        case .acknowledgementTimedOut: .timedOut
        case .connectionRefused: .unauthenticated
        case .closed: error.isTransient ? .unreachable : .rejected
        case .rejected: .rejected
        case .noCommonSubprotocol, .malformedMessage, .unexpectedShape: .unreadableResponse
        }
    }

    private static func transport(_ kind: HTTPTransportError.Kind) -> Self {
        switch kind {
        case .connectionRefused, .hostUnreachable, .connectionLost, .unsupportedURL, .system, .other: .unreachable
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .tlsCertificate: .untrustedCertificate
        case .tlsUnavailable, .tlsHandshake: .tlsFailed
        case .proxyFailed: .proxyFailed
        case .redirected, .malformedResponse, .responseTooLarge: .unreadableResponse
        }
    }
}
