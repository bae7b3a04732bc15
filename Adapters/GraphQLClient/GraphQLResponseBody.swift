import JSON

/// A GraphQL response body: `data` (absent or `null` → `nil`) and `errors`.
public struct GraphQLResponseBody: Sendable, Hashable {
    public var data: [String: JSONValue]?
    public var errors: [GraphQLError]

    public init(data: [String: JSONValue]?, errors: [GraphQLError] = []) {
        self.data = data
        self.errors = errors
    }
}
