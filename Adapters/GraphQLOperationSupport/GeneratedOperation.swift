import GraphQLClient
import JSON

/// The variables of a generated operation.
public protocol GraphQLVariables: Sendable, Equatable {
    /// The variables as JSON; an optional variable left `nil` is left out (the server's default applies).
    var jsonValues: [String: JSONValue] { get }
}

/// The variables of an operation that declares none.
public struct NoVariables: GraphQLVariables {
    public init() {}
    public var jsonValues: [String: JSONValue] { [:] }
}

/// A query or mutation generated from a `.graphql` file (see ``GeneratedDocument``).
public protocol GeneratedOperation: GeneratedDocument {
    /// The same selections as a client ``GraphQLOperation`` (fragments merged in), so the
    /// client's interceptor chain and normalized cache can run it.
    static var operation: GraphQLOperation { get }
}
