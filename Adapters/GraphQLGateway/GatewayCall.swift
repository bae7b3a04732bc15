import GraphQLClient

/// Runs the gateway's work for one operation, turning every failure into a ``Ports/ServiceError``.
func gatewayCall<T>(_ operation: GraphQLOperation, _ work: () async throws -> T) async throws -> T {
    do {
        return try await work()
    } catch {
        throw ServiceErrorMapping.map(error, operation: operation.name)
    }
}
