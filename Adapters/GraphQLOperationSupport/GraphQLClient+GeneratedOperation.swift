import GraphQLClient
import JSON

/// A generated operation's typed answer and where it came from (the cache or the network).
public struct TypedGraphQLResult<Data: GraphQLSelectionSet>: Sendable, Equatable {
    public var data: Data
    public var source: GraphQLResponse.Source

    public init(data: Data, source: GraphQLResponse.Source) {
        self.data = data
        self.source = source
    }
}

extension GraphQLClient {
    /// Runs a generated operation through the chain (a query with `cachePolicy`; a mutation
    /// always on the network, its answer kept out of the cache only with ``CachePolicy/noCache``)
    /// and decodes its `data` into the generated model.
    ///
    /// Decoding is the request's ``GraphQLRequest/validate``: an answer the model cannot decode
    /// fails as ``GraphQLClientError/Kind/unexpectedShape(_:)`` with the path before anything
    /// reaches the cache, and a cached answer that no longer decodes is a miss. `validate`, when
    /// given, checks the decoded model further (for example that it maps to the caller's
    /// values) at the same point; its errors pass through unchanged.
    public func run<Operation: GeneratedOperation>(
        _ operation: Operation,
        cachePolicy: CachePolicy = .cacheFirst,
        validate: (@Sendable (Operation.Data) throws -> Void)? = nil
    ) async throws -> TypedGraphQLResult<Operation.Data> {
        let definition = Operation.operation
        let variables = operation.variables.jsonValues
        let check: GraphQLDataValidator = { data in
            let model = try Self.decode(Operation.self, data)
            try validate?(model)
        }
        let result =
            switch definition.kind {
            case .query: try await fetch(definition, variables: variables, cachePolicy: cachePolicy, validate: check)
            case .mutation:
                try await send(GraphQLRequest(
                    operation: definition, variables: variables, cachePolicy: Self.mutationPolicy(for: cachePolicy), validate: check
                ))
            }
        return TypedGraphQLResult(data: try Self.decode(Operation.self, result.data), source: result.source)
    }

    /// How a mutation run with `policy` goes: always on the network, kept out of the cache only
    /// when the caller asked for ``CachePolicy/noCache``.
    private static func mutationPolicy(for policy: CachePolicy) -> CachePolicy {
        switch policy {
        case .noCache: .noCache
        case .cacheFirst, .networkFirst, .networkOnly, .cacheOnly: .networkOnly
        }
    }

    /// The model of `data`, or the client's `unexpectedShape` error naming where it went wrong.
    private static func decode<Operation: GeneratedOperation>(
        _: Operation.Type, _ data: [String: JSONValue]
    ) throws(GraphQLClientError) -> Operation.Data {
        do {
            return try Operation.decode(data: data)
        } catch {
            throw GraphQLClientError(operationName: Operation.operationName, kind: .unexpectedShape(error.description))
        }
    }
}
