/// Why an answer was refused by the normalized cache: one of its objects claims an identity
/// that the operation's own path and the schema's key rules do not give it, so caching it
/// would write another record than the answer is about. Nothing of such an answer is cached.
public struct CacheIdentityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the object's identity.
    public enum Reason: Sendable, Hashable {
        /// Its `__typename` is not a GraphQL name (for example it holds `.` or `:`).
        case typenameNotAName
        /// Its `__typename` is a type the field cannot hold by the schema (a `Mission` field
        /// answering a `Launch`).
        case typeNotPossible(typename: String)
        /// The same identity appears again in the answer with other values.
        case conflictingValues
    }

    /// Where the object is in the answer, by response keys and list indexes
    /// (`launch.mission`, `launches.launches[3]`): the client's own names, never the server's.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .typenameNotAName: "\(path) has a __typename that is not a type name"
        case .typeNotPossible(let typename): "\(path) claims to be a \(Self.short(typename)), which that field cannot hold"
        case .conflictingValues: "\(path) repeats an object of the same identity with other values"
        }
    }

    /// A type name as quoted in a message: at most 64 characters (it is a GraphQL name, so
    /// plain ASCII letters, digits and `_`).
    private static func short(_ name: String) -> String {
        name.utf8.count <= 64 ? name : String(name.prefix(63)) + "…"
    }
}
