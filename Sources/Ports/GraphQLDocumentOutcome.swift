/// What running a user's document gives: one answer, or, for a subscription, its events.
public enum GraphQLDocumentOutcome: Sendable {
    /// A query's or a mutation's answer.
    case answer(GraphQLDocumentAnswer)
    /// A subscription: one answer an event (its `data`; an answer with errors only when the
    /// server ends the subscription with an error), with the connection's news, until the
    /// server completes it (the stream ends) or the consumer stops (which unsubscribes).
    /// Iteration throws a ``ServiceError`` when it cannot connect at all, or when the
    /// connection is refused.
    case events(LiveStream<LiveUpdate<GraphQLDocumentAnswer>>)
}
