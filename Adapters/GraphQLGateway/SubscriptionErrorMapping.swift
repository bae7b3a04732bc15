import Domain
import GraphQLSubscriptions
import HTTPSeam
import Ports
import RocketReserverAPI

/// Maps the subscription client's failures onto ``ServiceError``s, as the CLI's exit codes
/// need them: cannot connect 69, refused login 77, not understood 76, refused by the server 1.
enum SubscriptionErrorMapping {
    static func serviceError(_ error: GraphQLSubscriptionError) -> ServiceError {
        let operation = error.operationName.isEmpty ? TripsBookedSubscription.operationName : error.operationName
        return ServiceError(kind(of: error), operation: operation, detail: DisplayText.sanitized(error.description, limit: 300))
    }

    static func kind(of error: GraphQLSubscriptionError) -> ServiceError.Kind {
        switch error.kind {
        case .transport(let kind): transportKind(kind)
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

    private static func transportKind(_ kind: HTTPTransportError.Kind) -> ServiceError.Kind {
        switch kind {
        case .connectionRefused, .hostUnreachable, .connectionLost, .other: .unreachable
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .tlsCertificate: .untrustedCertificate
        case .tlsUnavailable, .tlsHandshake: .tlsFailed
        case .proxyFailed: .proxyFailed
        case .redirected, .malformedResponse, .responseTooLarge: .unreadableResponse
        }
    }
}
