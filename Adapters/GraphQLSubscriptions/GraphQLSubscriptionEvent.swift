/// One element of a subscription's stream: an event's data, or news about the shared connection.
public enum GraphQLSubscriptionEvent<Data: Sendable>: Sendable {
    /// An event the server published.
    case data(Data)
    /// The connection dropped; the client is reconnecting with backoff. Events from now until
    /// ``resumed`` are lost.
    case interrupted(GraphQLSubscriptionError)
    /// The connection is back and the subscription was sent again.
    case resumed
}

extension GraphQLSubscriptionEvent: Equatable where Data: Equatable {}
