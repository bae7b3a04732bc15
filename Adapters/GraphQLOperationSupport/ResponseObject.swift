import GraphQLClient
import JSON


/// One object of an answer, as a generated selection set reads it: by response key.
public struct ResponseObject: Sendable {
    public let members: [String: JSONValue]

    public init(members: [String: JSONValue]) {
        self.members = members
    }

    /// The value under `key`; a missing key is an error (a server answers every selected field).
    public func field<Value: GraphQLResponseValue>(_ key: String) throws(GraphQLDecodingError) -> Value {
        guard let value = members[key] else { throw GraphQLDecodingError(path: ResponsePath([.key(key)]), problem: "missing") }
        do { return try Value(responseValue: value) } catch { throw error.inside(.key(key)) }
    }

    /// The value under `key` of a field under `@include`/`@skip`: `nil` when the key is left
    /// out (the condition did not hold) or the value is `null`.
    public func conditionalField<Value: GraphQLResponseValue>(_ key: String) throws(GraphQLDecodingError) -> Value? {
        guard members[key] != nil else { return nil }
        let value: Value? = try field(key)
        return value
    }

    /// The object decoded as `Value` when its `__typename` is one of `possibleTypes` (a typed
    /// accessor such as `asLaunch`), else `nil`; an object without a `__typename` string is an error.
    public func typeCase<Value: GraphQLSelectionSet>(_ possibleTypes: Set<String>) throws(GraphQLDecodingError) -> Value? {
        let typename: String = try field("__typename")
        return possibleTypes.contains(typename) ? try Value(self) : nil
    }

    /// The fragment `Value` decoded from this object when it has every one of `keys` (the
    /// fields the fragment always selects), else `nil`: a fragment spread under
    /// `@include`/`@skip` whose condition did not hold.
    public func conditionalFragment<Value: GraphQLSelectionSet>(_ keys: [String]) throws(GraphQLDecodingError) -> Value? {
        guard keys.allSatisfy({ members[$0] != nil }) else { return nil }
        return try Value(self)
    }
}
