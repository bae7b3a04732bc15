import GraphQLClient
import GraphQLOperationSupport
import JSON

extension GraphQLClient {
    /// Watches a generated query, as Apollo's `client.watch(query:)` does: the typed answer
    /// fetched according to `cachePolicy` first, then again each time the cached records it
    /// reads change (written by this process or, for a SQLite cache, another one).
    ///
    /// - The first element is what ``run(_:cachePolicy:validate:)`` gives with `cachePolicy`:
    ///   from the cache when it can answer (``CachePolicy/cacheFirst``), from the network
    ///   otherwise. Later elements come from the cache (``GraphQLResponse/Source/cache``); an
    ///   answer equal to the last one yielded is not yielded again.
    /// - When the cache can no longer answer (a record or field removed, an answer that no longer
    ///   decodes), the query is fetched again with `cachePolicy` (never with
    ///   ``CachePolicy/cacheOnly``), once until the cache answers again, so a fetch whose answer
    ///   the cache cannot hold does not loop.
    /// - A failed fetch ends the stream with the error `run` throws (``GraphQLClientError``;
    ///   ``CachePolicy/cacheOnly`` with nothing cached is ``GraphQLClientError/Kind/cacheMiss``).
    ///   A client without a cache, or a mutation, ends it at once with ``GraphQLWatchError``.
    /// - The watch lives while the stream is iterated: stopping iteration (or dropping the
    ///   stream) ends it and frees it; there is nothing to cancel.
    ///
    /// - Parameter cache: The cache to watch; by default the one the client's chain reads
    ///   (its ``CacheReadInterceptor``, as ``GraphQLInterceptors/standard(endpoint:session:timeout:clock:cache:authorization:retry:additional:)`` builds it).
    public func watch<Query: GeneratedOperation>(
        _ query: Query, cachePolicy: CachePolicy = .cacheFirst, cache: NormalizedCache? = nil
    ) -> AsyncThrowingStream<TypedGraphQLResult<Query.Data>, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: TypedGraphQLResult<Query.Data>.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(1)
        )
        let watched = cache ?? interceptors.lazy.compactMap { ($0 as? CacheReadInterceptor)?.cache }.first
        let task = Task {
            do {
                guard Query.operation.kind == .query else { throw GraphQLWatchError(operationName: Query.operationName, kind: .notAQuery) }
                guard let watched else { throw GraphQLWatchError(operationName: Query.operationName, kind: .noCache) }
                try await follow(query, cachePolicy: cachePolicy, in: watched) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Fetches `query`, then passes on every change of its cached answer until the task is cancelled.
    private func follow<Query: GeneratedOperation>(
        _ query: Query, cachePolicy: CachePolicy, in cache: NormalizedCache, yield: (TypedGraphQLResult<Query.Data>) -> Void
    ) async throws {
        var changes = cache.watch(query).makeAsyncIterator()
        // The cache's watch is registered once its first answer is read: every write from now
        // on (the fetch's own included) wakes it, so nothing falls between the fetch and the watch.
        guard await changes.next() != nil else { return }
        let first = try await run(query, cachePolicy: cachePolicy)
        yield(first)
        var last = first.data
        var refetchedSinceAnswer = false
        while let answer = await changes.next() {
            if let data = answer {
                refetchedSinceAnswer = false
                guard data != last else { continue }
                last = data
                yield(TypedGraphQLResult(data: data, source: .cache))
            } else if cachePolicy != .cacheOnly, !refetchedSinceAnswer {
                refetchedSinceAnswer = true
                let fetched = try await run(query, cachePolicy: cachePolicy)
                guard fetched.data != last else { continue }
                last = fetched.data
                yield(fetched)
            }
        }
        try Task.checkCancellation()
    }
}
