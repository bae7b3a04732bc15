import GraphQLClient
import GraphQLServiceMapping
import Ports

extension EndpointDocumentRunner {
    /// A query's or a mutation's answer part by part as the client hands the parts on
    /// (``GraphQLClient/incremental(_:)``): each part's `data` so far as one line of JSON (fields in
    /// the order selected, a deferred fragment's fields once its part arrived) with the errors
    /// that part brought. An answer the client did not deliver incrementally is one part.
    ///
    /// The errors that end the request (``GraphQLClientError/Kind/partialData(data:errors:)``
    /// once a part with errors arrived) were handed on with their part, so they end the stream
    /// quietly; errors in an answer that gave no part (a whole answer with errors) are its one
    /// part, as ``run(_:)`` answers them. Any other failure, such as a connection lost
    /// mid-answer, ends the stream with a ``ServiceError`` after the parts that arrived whole.
    static func parts(
        of prepared: PreparedRequest, named name: String, freshness: Freshness, through client: GraphQLClient
    ) -> LiveStream<GraphQLDocumentAnswer> {
        let operation = prepared.operation
        let fields = prepared.plan.fields
        let request = GraphQLRequest(
            operation: operation, variables: prepared.variables,
            cachePolicy: operation.kind == .mutation ? .networkOnly : CachePolicy(freshness)
        )
        // No part is ever dropped for a slow reader: a part may hold errors, and the status
        // depends on them. The answer's size limit bounds what can wait.
        return LiveStream(bufferLimit: Int.max) { emitter in
            var handedOn = false
            do {
                for try await part in client.incremental(request) {
                    handedOn = true
                    emitter.yield(
                        GraphQLDocumentAnswer(
                            data: part.data.map { AnswerJSON.line($0, fields: fields) },
                            errors: DocumentRunnerErrorMapping.answerErrors(part.errors), fromCache: part.source == .cache
                        )
                    )
                }
            } catch let error as GraphQLClientError where !error.isUnauthenticated() {
                guard let answer = DocumentRunnerErrorMapping.answer(for: error, render: { AnswerJSON.line($0, fields: fields) }) else {
                    throw DocumentRunnerErrorMapping.map(error, operation: name)
                }
                // Errors that came with a part were handed on with it.
                if !handedOn { emitter.yield(answer) }
            } catch {
                throw DocumentRunnerErrorMapping.map(error, operation: name)
            }
        }
    }
}
