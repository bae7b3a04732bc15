import GraphQLClient
import Ports

/// Maps the client's failures onto ``ServiceError`` kinds, as the gateway does for its own
/// operations; the server's GraphQL errors are the console's answer, not a failure, unless
/// they say the login was not accepted.
enum ConsoleErrorMapping {
    static func map(_ error: any Error, operation: String) -> any Error {
        guard let error = error as? GraphQLClientError else { return error }
        if isUnauthenticated(error) {
            return ServiceError(.unauthenticated, operation: operation, detail: "The server did not accept the stored login.")
        }
        let kind: ServiceError.Kind = switch error.kind {
        case .transport(.tlsCertificate): .untrustedCertificate
        case .transport: .unreachable
        case .timedOut: .timedOut
        case .httpStatus, .redirected, .notJSON, .unexpectedShape, .cacheMiss, .malformedResponse, .responseTooLarge: .unreadableResponse
        case .graphQLErrors, .partialData: .rejected
        case .cancelled: .cancelled
        }
        let detail = error.graphQLErrors.isEmpty ? error.summary : ServerText.sentence(error.graphQLErrors[0].message)
        return ServiceError(kind, operation: operation, detail: detail)
    }

    /// HTTP 401/403, or an error with code `UNAUTHENTICATED`.
    static func isUnauthenticated(_ error: GraphQLClientError) -> Bool {
        error.statusCode == 401 || error.statusCode == 403 || error.graphQLErrors.contains { $0.code == "UNAUTHENTICATED" }
    }
}
