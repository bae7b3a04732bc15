import GraphQLClient
import JSON

/// What every operation generated from a `.graphql` file has, whatever its kind: its name and
/// text, its typed variables, and the type its answer's `data` (or each event's) decodes into.
public protocol GeneratedDocument: Sendable, Equatable {
    associatedtype Data: GraphQLSelectionSet
    associatedtype Variables: GraphQLVariables

    /// The operation's name as written, e.g. `LaunchDetails`; empty for an anonymous one.
    static var operationName: String { get }
    /// The document as written: the operation followed by the fragments it uses, on one line.
    static var document: String { get }

    var variables: Variables { get }
}

extension GeneratedDocument {
    /// Decodes a `data` object into the operation's typed model.
    public static func decode(data: [String: JSONValue]) throws(GraphQLDecodingError) -> Data {
        try Data(data: data)
    }
}
