import GraphQLOperationSupport
import JSON

extension NormalizedCache {
    /// Watches what the cache holds for a generated query, typed, without fetching: the cached
    /// answer decoded into the query's model (`nil` while the cache cannot answer it, or its
    /// answer does not decode), then again each time the records it read change, in this process
    /// or another. An answer equal to the last one yielded is not yielded again.
    ///
    /// This is the watch for a screen that shows what is known and never asks the server itself
    /// (the app's details and trips follow it); ``GraphQLClient/watch(_:cachePolicy:cache:)``
    /// is the one that fetches. The watch lives while the stream is iterated; there is nothing
    /// to cancel.
    public nonisolated func watch<Query: GeneratedOperation>(_ query: Query) -> AsyncStream<Query.Data?> {
        let (stream, continuation) = AsyncStream.makeStream(of: Query.Data?.self, bufferingPolicy: .bufferingNewest(1))
        let answers = watch(Query.operation, variables: query.variables.jsonValues)
        let task = Task {
            var last: Query.Data??
            for await answer in answers {
                let data = answer.flatMap { try? Query.decode(data: $0) }
                guard last != .some(data) else { continue }
                last = .some(data)
                continuation.yield(data)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
