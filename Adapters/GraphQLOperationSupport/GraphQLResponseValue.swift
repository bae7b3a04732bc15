import JSON


/// A value a generated model decodes from an answer: scalars, enums, lists, optionals and
/// selection sets.
public protocol GraphQLResponseValue: Sendable {
    init(responseValue: JSONValue) throws(GraphQLDecodingError)
}

/// How a JSON value is named in messages.
func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .int(let value): "\(value)"
    case .double(let value): "\(value)"
    case .string: "a string"
    case .array: "a list"
    case .object: "an object"
    }
}

extension String: GraphQLResponseValue {
    public init(responseValue: JSONValue) throws(GraphQLDecodingError) {
        // Servers answer IDs as strings too (spec 3.5.5), so a number is never a String or an ID.
        guard case .string(let value) = responseValue else {
            throw GraphQLDecodingError(problem: "expected a string, found \(describe(responseValue))")
        }
        self = value
    }
}

extension Int: GraphQLResponseValue {
    public init(responseValue: JSONValue) throws(GraphQLDecodingError) {
        guard let value = responseValue.intValue else {
            throw GraphQLDecodingError(problem: "expected an integer, found \(describe(responseValue))")
        }
        self = value
    }
}

extension Double: GraphQLResponseValue {
    public init(responseValue: JSONValue) throws(GraphQLDecodingError) {
        switch responseValue {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        default: throw GraphQLDecodingError(problem: "expected a number, found \(describe(responseValue))")
        }
    }
}

extension Bool: GraphQLResponseValue {
    public init(responseValue: JSONValue) throws(GraphQLDecodingError) {
        guard case .bool(let value) = responseValue else {
            throw GraphQLDecodingError(problem: "expected true or false, found \(describe(responseValue))")
        }
        self = value
    }
}

extension Optional: GraphQLResponseValue where Wrapped: GraphQLResponseValue {
    public init(responseValue: JSONValue) throws(GraphQLDecodingError) {
        self = responseValue.isNull ? nil : try Wrapped(responseValue: responseValue)
    }
}

extension Array: GraphQLResponseValue where Element: GraphQLResponseValue {
    public init(responseValue: JSONValue) throws(GraphQLDecodingError) {
        guard case .array(let elements) = responseValue else {
            throw GraphQLDecodingError(problem: "expected a list, found \(describe(responseValue))")
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do { result.append(try Element(responseValue: element)) } catch { throw error.inside(.index(index)) }
        }
        self = result
    }
}
