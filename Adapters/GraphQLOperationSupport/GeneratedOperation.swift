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

/// An operation generated from a `.graphql` file: its text, its typed variables and the type
/// its answer's `data` decodes into.
public protocol GeneratedOperation: Sendable, Equatable {
    associatedtype Data: GraphQLSelectionSet
    associatedtype Variables: GraphQLVariables

    /// The operation's name as written, e.g. `LaunchDetails`.
    static var operationName: String { get }
    /// The document as written: the operation followed by the fragments it uses, on one line.
    static var document: String { get }
    /// The same selections as a client ``GraphQLOperation`` (fragments merged in), so the
    /// client's interceptor chain and normalized cache can run it.
    static var operation: GraphQLOperation { get }

    var variables: Variables { get }
}

extension GeneratedOperation {
    /// Decodes an answer's `data` object into the operation's typed model.
    public static func decode(data: [String: JSONValue]) throws(GraphQLDecodingError) -> Data {
        try Data(data: data)
    }
}
