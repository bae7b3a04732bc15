import Domain
import GraphQLClient
import GraphQLServiceMapping
import Ports

/// Maps the gateway's failures onto ``ServiceError``s: the client's through the shared
/// classification (`GraphQLServiceMapping`), with the hosted server's null-user defect counted as a
/// refused login; answers that decode but do not map are unreadable. The server's words pass
/// as it sent them: the edge that shows them words and sanitises them.
enum ServiceErrorMapping {
    /// The error as a ``ServiceError`` for `operation`; errors that are neither the client's
    /// nor malformed answers (for example a credential store failing) pass through unchanged.
    static func map(_ error: any Error, operation: String) -> any Error {
        if let error = error as? ServiceError { return error }
        if let malformed = error as? MalformedAnswer {
            return ServiceError(.unreadableResponse, operation: operation, detail: "The server's answer has \(malformed.what).")
        }
        guard let error = error as? GraphQLClientError else { return error }
        return ServiceError(
            error, operation: operation, unauthenticatedWhen: { isNullUserMessage($0.message) },
            rejection: { "The server rejected the request: \($0)" }
        )
    }

    /// The hosted server's null-user defect on mutations, its way of refusing a login:
    /// `Cannot read properties of null (reading 'id')`, formerly `Cannot read property 'id' of null`.
    static func isNullUserMessage(_ message: String) -> Bool {
        message.contains("Cannot read property 'id' of null")
            || (message.contains("Cannot read properties of null") && message.contains("'id'"))
    }
}
