import GraphQL

/// Builders for the errors resolvers return, each with an `extensions.code`.
enum ResolverError {
    /// Error codes used in `extensions.code`.
    enum Code: String {
        case unauthenticated = "UNAUTHENTICATED"
        case badUserInput = "BAD_USER_INPUT"
        case internalServerError = "INTERNAL_SERVER_ERROR"
    }

    /// An error located at the field being resolved.
    static func make(_ message: String, code: Code, info: GraphQLResolveInfo) -> GraphQLError {
        GraphQLError(
            message: message,
            nodes: info.fieldASTs.map { $0 as any Node },
            path: info.path,
            extensions: ["code": .string(code.rawValue)]
        )
    }

    /// The error for a mutation that needs a logged-in user.
    static func notLoggedIn(_ action: String, info: GraphQLResolveInfo) -> GraphQLError {
        make("You must be logged in to \(action).", code: .unauthenticated, info: info)
    }
}
