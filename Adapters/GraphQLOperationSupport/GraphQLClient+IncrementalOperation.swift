import GraphQLClient
import JSON

/// One part of a generated operation's incremental delivery (`@defer`): the model of the
/// answer so far, its deferred members `nil` until their part arrives.
public struct TypedIncrementalPart<Data: GraphQLSelectionSet>: Sendable, Equatable {
    public var data: Data
    /// The errors this part brought (a deferred fragment that failed).
    public var errors: [GraphQLError]
    /// Whether more parts are to come.
    public var hasNext: Bool
    public var source: GraphQLResponse.Source
}

extension GraphQLClient {
    /// Runs a generated query and hands `parts` the model after each part of its answer: for a
    /// query with `@defer`, the initial payload (deferred members `nil`) and then each deferred
    /// fragment filled in as it arrives; otherwise the whole answer once. Returns the whole answer.
    ///
    /// Each part is decoded before it goes on (and before the cache keeps it); a part with
    /// errors goes on with them, and the query then fails with them once the answer ends.
    public func run<Operation: GeneratedOperation>(
        _ operation: Operation, cachePolicy: CachePolicy = .cacheFirst,
        parts: @escaping @Sendable (TypedIncrementalPart<Operation.Data>) async throws -> Void
    ) async throws -> TypedGraphQLResult<Operation.Data> {
        let request = GraphQLRequest(
            operation: Operation.operation, variables: operation.variables.jsonValues, cachePolicy: cachePolicy,
            validate: { data in _ = try Self.model(Operation.self, data) }
        )
        let result = try await send(request) { part in
            guard let data = part.data else { return }
            try await parts(TypedIncrementalPart(data: try Self.model(Operation.self, data), errors: part.errors, hasNext: part.hasNext, source: part.source))
        }
        return TypedGraphQLResult(data: try Self.model(Operation.self, result.data), source: result.source)
    }

    /// The parts of a generated query's answer as they arrive (see ``run(_:cachePolicy:parts:)``),
    /// ending after the last or with the query's error; ending the iteration cancels the query.
    public func incremental<Operation: GeneratedOperation>(
        _ operation: Operation, cachePolicy: CachePolicy = .cacheFirst
    ) -> AsyncThrowingStream<TypedIncrementalPart<Operation.Data>, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: TypedIncrementalPart<Operation.Data>.self)
        let task = Task {
            do {
                _ = try await run(operation, cachePolicy: cachePolicy) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private static func model<Operation: GeneratedOperation>(_: Operation.Type, _ data: [String: JSONValue]) throws(GraphQLClientError) -> Operation.Data {
        do {
            return try Operation.decode(data: data)
        } catch {
            throw GraphQLClientError(operationName: Operation.operationName, kind: .unexpectedShape(error.description))
        }
    }
}
