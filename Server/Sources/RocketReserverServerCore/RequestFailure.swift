import GraphQL

/// A request rejected before execution, with its HTTP status and `extensions.code`.
struct RequestFailure: Error, Sendable {
    /// HTTP status.
    var status: Int
    /// Errors to report.
    var errors: [GraphQLError]
    /// `extensions.code` for errors that have none.
    var code: String
    /// Extra response headers.
    var headers: [String: String] = [:]

    /// A malformed HTTP request (bad JSON, missing query, bad variables text): 400 `BAD_REQUEST`.
    static func badRequest(_ message: String) -> RequestFailure {
        RequestFailure(status: 400, errors: [GraphQLError(message: message)], code: "BAD_REQUEST")
    }
}
