import GraphQLClient
import GraphQLServiceMapping
import Ports

/// Maps the client's failures onto ``ServiceError``s as the gateway does (the shared
/// classification, `GraphQLServiceMapping`); the server's own message passes as it sent it, to
/// be worded and sanitised by the edge that shows it.
/// The server's GraphQL errors are the runner's answer, not a failure, unless they say the
/// login was not accepted (see `EndpointDocumentRunner`).
enum DocumentRunnerErrorMapping {
    static func map(_ error: any Error, operation: String) -> any Error {
        guard let error = error as? GraphQLClientError else { return error }
        return ServiceError(error, operation: operation, rejection: { $0 })
    }

    /// The server's errors as the runner's answer carries them: the first ten, each its message
    /// as the server sent it with the path of the field it is about, `message (at launch.site)`.
    /// Not made safe for a terminal: the edge that prints them does.
    static func answerErrors(_ errors: [GraphQLError]) -> [String] {
        errors.prefix(10).map { error in
            error.path.isEmpty ? error.message : "\(error.message) (at \(error.path.joined(separator: ".")))"
        }
    }
}
