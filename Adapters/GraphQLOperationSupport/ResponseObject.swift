import GraphQLClient

/// One object of an answer, as a generated selection set reads it: by response key, with its path.
public struct ResponseObject: Sendable {
    public let members: [String: JSONValue]
    public let path: ResponsePath

    public init(members: [String: JSONValue], path: ResponsePath) {
        self.members = members
        self.path = path
    }

    /// The value under `key`; a missing key is an error (a server answers every selected field).
    public func field<Value: GraphQLResponseValue>(_ key: String) throws(GraphQLDecodingError) -> Value {
        guard let value = members[key] else { throw GraphQLDecodingError(path: path.appending(key), problem: "missing") }
        return try Value(responseValue: value, at: path.appending(key))
    }
}
