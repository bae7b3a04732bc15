import JSON

/// A successful answer: the `data` object, and whether it came from the cache.
public struct GraphQLResult: Sendable, Hashable {
    public var data: [String: JSONValue]
    public var source: GraphQLResponse.Source

    public init(data: [String: JSONValue], source: GraphQLResponse.Source) {
        self.data = data
        self.source = source
    }
}
