import JSON

/// One part of an incremental delivery (`@defer`) as the client hands it on: the answer so
/// far, with what this part delivered merged in.
///
/// The first part is the initial payload (its deferred fields missing); each later one adds
/// the fields of the deferred fragments it completed. ``hasNext`` is `false` on the last.
public struct GraphQLIncrementalPart: Sendable, Hashable {
    /// Where one deferred fragment's fields went: the path of the object they were merged into
    /// (response keys and list indexes) and the fragment's label.
    public struct Delivery: Sendable, Hashable {
        public var path: [JSONValue]
        public var label: String?

        public init(path: [JSONValue], label: String?) {
            self.path = path
            self.label = label
        }
    }

    /// The answer's `data` so far; `nil` when the initial payload had none.
    public var data: [String: JSONValue]?
    /// The errors this part brought (a deferred fragment that failed reports them here).
    public var errors: [GraphQLError]
    /// What this part delivered; empty for the initial payload (and for an answer that was
    /// not delivered incrementally: a cache hit, a server that answered at once).
    public var deliveries: [Delivery]
    /// Whether more parts are to come.
    public var hasNext: Bool
    public var source: GraphQLResponse.Source

    public init(data: [String: JSONValue]?, errors: [GraphQLError] = [], deliveries: [Delivery] = [], hasNext: Bool, source: GraphQLResponse.Source = .network) {
        self.data = data
        self.errors = errors
        self.deliveries = deliveries
        self.hasNext = hasNext
        self.source = source
    }
}

/// Where the parts of an incremental delivery go as they arrive: set on a
/// ``GraphQLRequest/incrementalParts`` by whoever wants them; an interceptor that acts on each
/// part (the cache's writer) wraps it with ``before(_:)``. A throw ends the request with that error.
public struct GraphQLPartSink: Sendable {
    private let receive: @Sendable (GraphQLIncrementalPart) async throws -> Void

    public init(_ receive: @escaping @Sendable (GraphQLIncrementalPart) async throws -> Void) {
        self.receive = receive
    }

    /// Hands `part` on.
    public func callAsFunction(_ part: GraphQLIncrementalPart) async throws {
        try await receive(part)
    }

    /// A sink that runs `action` on each part, then hands it on to this one.
    public func before(_ action: @escaping @Sendable (GraphQLIncrementalPart) async throws -> Void) -> GraphQLPartSink {
        GraphQLPartSink { part in
            try await action(part)
            try await self.receive(part)
        }
    }
}
