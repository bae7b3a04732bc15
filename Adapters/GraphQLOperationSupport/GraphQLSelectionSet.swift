import JSON


/// A generated response model: a struct with exactly the fields an operation or fragment selects.
public protocol GraphQLSelectionSet: GraphQLResponseValue, Equatable {
    /// Decodes the model from one object of an answer.
    init(_ object: ResponseObject) throws(GraphQLDecodingError)
}

extension GraphQLSelectionSet {
    public init(responseValue: JSONValue) throws(GraphQLDecodingError) {
        guard case .object(let members) = responseValue else {
            throw GraphQLDecodingError(problem: "expected an object, found \(describe(responseValue))")
        }
        try self.init(ResponseObject(members: members))
    }

    /// Decodes the model from an answer's `data` object.
    public init(data: [String: JSONValue]) throws(GraphQLDecodingError) {
        try self.init(ResponseObject(members: data))
    }
}
