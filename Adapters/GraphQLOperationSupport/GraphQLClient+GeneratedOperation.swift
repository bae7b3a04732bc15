import GraphQLClient

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
    /// Runs a generated operation through the chain (a query with `cachePolicy`, a mutation
    /// always on the network) and decodes its `data` into the generated model.
    ///
    /// An answer the model cannot decode fails as ``GraphQLClientError/Kind/unexpectedShape(_:)``
    /// with the path, like any other answer that does not fit its operation.
    public func run<Operation: GeneratedOperation>(
        _ operation: Operation, cachePolicy: CachePolicy = .cacheFirst
    ) async throws -> TypedGraphQLResult<Operation.Data> {
        let definition = Operation.operation
        let variables = operation.variables.jsonValues
        let result =
            switch definition.kind {
            case .query: try await fetch(definition, variables: variables, cachePolicy: cachePolicy)
            case .mutation: try await perform(definition, variables: variables)
            }
        do {
            return TypedGraphQLResult(data: try Operation.decode(data: result.data), source: result.source)
        } catch {
            throw GraphQLClientError(operationName: definition.name, kind: .unexpectedShape(error.description))
        }
    }
}
