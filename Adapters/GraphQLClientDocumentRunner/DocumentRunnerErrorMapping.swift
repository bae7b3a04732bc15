import GraphQLClient
import GraphQLServiceMapping
import Ports
import Presentation

/// Maps the client's failures onto ``ServiceError``s as the gateway does (the shared
/// classification, `GraphQLServiceMapping`); the server's own message is worded by ``ServerText``.
/// The server's GraphQL errors are the runner's answer, not a failure, unless they say the
/// login was not accepted (see `EndpointDocumentRunner`).
enum DocumentRunnerErrorMapping {
    static func map(_ error: any Error, operation: String) -> any Error {
        guard let error = error as? GraphQLClientError else { return error }
        return ServiceError(error, operation: operation, rejection: { ServerText.sentence($0) })
    }
}
