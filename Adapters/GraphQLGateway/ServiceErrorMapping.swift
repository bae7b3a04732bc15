import Domain
import GraphQLClient
import Ports

/// Maps the client's failures onto ``ServiceError`` kinds the CLI understands.
enum ServiceErrorMapping {
    /// The error as a ``ServiceError`` for `operation`; errors that are neither the client's
    /// nor malformed answers (for example a credential store failing) pass through unchanged.
    static func map(_ error: any Error, operation: String) -> any Error {
        if let error = error as? ServiceError { return error }
        if let malformed = error as? MalformedAnswer {
            return ServiceError(.unreadableResponse, operation: operation, detail: "The server's answer has \(malformed.what).")
        }
        guard let error = error as? GraphQLClientError else { return error }
        if isUnauthenticated(error) {
            return ServiceError(.unauthenticated, operation: operation, detail: "The server did not accept the stored login.")
        }
        let kind: ServiceError.Kind = switch error.kind {
        case .transport(.tlsCertificate): .untrustedCertificate
        case .transport: .unreachable
        case .timedOut: .timedOut
        case .httpStatus, .redirected, .notJSON, .unexpectedShape, .malformedResponse, .responseTooLarge: .unreadableResponse
        case .cacheMiss: .notCached
        case .graphQLErrors, .partialData: .rejected
        case .cancelled: .cancelled
        }
        return ServiceError(kind, operation: operation, detail: detail(for: error))
    }

    /// HTTP 401/403, `UNAUTHENTICATED`, or the hosted server's null-user defect on mutations
    /// (`Cannot read properties of null (reading 'id')`, formerly `Cannot read property 'id' of null`).
    static func isUnauthenticated(_ error: GraphQLClientError) -> Bool {
        if error.statusCode == 401 || error.statusCode == 403 { return true }
        return error.graphQLErrors.contains { entry in
            entry.code == "UNAUTHENTICATED" || isNullUserMessage(entry.message)
        }
    }

    static func isNullUserMessage(_ message: String) -> Bool {
        message.contains("Cannot read property 'id' of null")
            || (message.contains("Cannot read properties of null") && message.contains("'id'"))
    }

    private static func detail(for error: GraphQLClientError) -> String {
        switch error.kind {
        case .graphQLErrors(let errors), .partialData(_, let errors):
            let message = errors.first?.message ?? "no message"
            return "The server rejected the request: \(sentence(message))"
        default:
            return error.summary
        }
    }

    /// The server's message on one line, without control characters, at most 300 characters,
    /// ending with a full stop.
    private static func sentence(_ message: String) -> String {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        let trimmed = DisplayText.sanitized(line, limit: 300)
        return trimmed.hasSuffix(".") || trimmed.hasSuffix("…") ? trimmed : trimmed + "."
    }
}
