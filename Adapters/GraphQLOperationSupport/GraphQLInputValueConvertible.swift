import JSON


/// A value that can be sent as a variable: scalars, enums, input objects, lists and optionals.
public protocol GraphQLInputValueConvertible: Sendable {
    /// The value as JSON, as it goes into the request's `variables`.
    var graphQLInputValue: JSONValue { get }
}

extension String: GraphQLInputValueConvertible {
    public var graphQLInputValue: JSONValue { .string(self) }
}

extension Int: GraphQLInputValueConvertible {
    public var graphQLInputValue: JSONValue { .int(self) }
}

extension Double: GraphQLInputValueConvertible {
    public var graphQLInputValue: JSONValue { .double(self) }
}

extension Bool: GraphQLInputValueConvertible {
    public var graphQLInputValue: JSONValue { .bool(self) }
}

extension Optional: GraphQLInputValueConvertible where Wrapped: GraphQLInputValueConvertible {
    public var graphQLInputValue: JSONValue { map(\.graphQLInputValue) ?? .null }
}

extension Array: GraphQLInputValueConvertible where Element: GraphQLInputValueConvertible {
    public var graphQLInputValue: JSONValue { .array(map(\.graphQLInputValue)) }
}
