/// What running a user's document gives: one answer, its parts as they arrive, or, for a
/// subscription, its events.
public enum GraphQLDocumentOutcome: Sendable {
    /// A query's or a mutation's answer.
    case answer(GraphQLDocumentAnswer)
    /// A query's or a mutation's answer part by part, when the request asked for that
    /// (``GraphQLDocumentRequest/incremental``): each answer is the `data` so far as one line of
    /// JSON (fields in the order selected; a deferred fragment's fields appear once its part
    /// arrived) with the errors that part brought; the last is the whole answer. An answer not
    /// delivered incrementally (no `@defer`, a cache hit, a server that answered at once) is one
    /// part. Iteration throws a ``ServiceError`` when the answer fails, after the parts that
    /// arrived whole (a connection lost mid-answer).
    case parts(LiveStream<GraphQLDocumentAnswer>)
    /// A subscription: one answer an event (its `data`; an answer with errors only when the
    /// server ends the subscription with an error), with the connection's news, until the
    /// server completes it (the stream ends) or the consumer stops (which unsubscribes).
    /// Iteration throws a ``ServiceError`` when it cannot connect at all, or when the
    /// connection is refused.
    case events(LiveStream<LiveUpdate<GraphQLDocumentAnswer>>)
}
