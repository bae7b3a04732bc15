import JSON


/// A generated schema enum: one case per value, plus `unknown(String)` for values added to the
/// schema after the code was generated.
public protocol GraphQLEnum: GraphQLResponseValue, GraphQLInputValueConvertible, Hashable {
    /// The case for `rawValue`, or `unknown(rawValue)`.
    init(rawValue: String)
    /// The value as the schema spells it, e.g. `LARGE`.
    var rawValue: String { get }
}

extension GraphQLEnum {
    public init(responseValue: JSONValue) throws(GraphQLDecodingError) {
        guard case .string(let name) = responseValue else {
            throw GraphQLDecodingError(problem: "expected an enum value, found \(describe(responseValue))")
        }
        self.init(rawValue: name)
    }

    public var graphQLInputValue: JSONValue { .string(rawValue) }
}
