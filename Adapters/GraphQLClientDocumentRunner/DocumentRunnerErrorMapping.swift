import GraphQLClient
import GraphQLServiceMapping
import JSON
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

    /// The answer a request that failed with the server's GraphQL errors still gives: the errors,
    /// with the data that came with them (``GraphQLClientError/Kind/partialData(data:errors:)``)
    /// written by `render`; `nil` for every other failure.
    static func answer(for error: GraphQLClientError, render: ([String: JSONValue]) -> String) -> GraphQLDocumentAnswer? {
        switch error.kind {
        case .graphQLErrors(let errors): GraphQLDocumentAnswer(data: nil, errors: answerErrors(errors))
        case let .partialData(data, errors): GraphQLDocumentAnswer(data: render(data), errors: answerErrors(errors))
        default: nil
        }
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
