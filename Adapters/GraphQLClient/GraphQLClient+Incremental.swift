import JSON
import Synchronization

extension GraphQLClient {
    /// Runs a request and hands `parts` each part of the answer as it arrives: for an operation
    /// with `@defer` answered as an incremental delivery, the initial payload and then the
    /// answer with each deferred fragment merged in, the last with `hasNext == false`; for any
    /// other answer (a cache hit, an operation without `@defer`, a server that answered at once)
    /// the whole answer once. Returns the whole answer.
    ///
    /// A part whose payload holds errors is handed on with them, and the request then fails with
    /// them (``GraphQLClientError/Kind/partialData(data:errors:)``) once the answer ends; a
    /// connection that drops before the last part is an error after the parts that arrived
    /// whole (the cache keeps those; nothing of the part cut short).
    public func send(
        _ request: GraphQLRequest, parts: @escaping @Sendable (GraphQLIncrementalPart) async throws -> Void
    ) async throws -> GraphQLResult {
        var request = request
        let handedOn = Mutex(false)
        request.incrementalParts = GraphQLPartSink { part in
            handedOn.withLock { $0 = true }
            try await parts(part)
        }
        let result = try await send(request)
        if !handedOn.withLock({ $0 }) {
            try await parts(GraphQLIncrementalPart(data: result.data, hasNext: false, source: result.source))
        }
        return result
    }

    /// The parts of a request's answer as they arrive (see ``send(_:parts:)``), ending after
    /// the last or with the request's error. Ending the iteration cancels the request.
    public func incremental(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLIncrementalPart, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: GraphQLIncrementalPart.self)
        let task = Task {
            do {
                _ = try await send(request) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
