import GraphQLClient
import GraphQLOperationSupport

/// Runs the gateway's work for one operation, turning every failure into a ``Ports/ServiceError``.
func gatewayCall<T>(_ operationName: String, _ work: () async throws -> T) async throws -> T {
    do {
        return try await work()
    } catch {
        throw ServiceErrorMapping.map(error, operation: operationName)
    }
}

extension GraphQLClient {
    /// Runs a generated operation and maps its answer to a domain value with `map`.
    ///
    /// The mapping is the answer's validation too: it runs before anything reaches the cache
    /// (and on cached answers, where a failure is a miss), so only answers that decode into the
    /// generated model *and* map to domain values are ever stored or used.
    func run<Operation: GeneratedOperation, Value>(
        _ operation: Operation,
        cachePolicy: CachePolicy = .cacheFirst,
        mapping map: @escaping @Sendable (Operation.Data) throws -> Value
    ) async throws -> Value {
        let result = try await run(operation, cachePolicy: cachePolicy, validate: { data in _ = try map(data) })
        return try map(result.data)
    }
}
