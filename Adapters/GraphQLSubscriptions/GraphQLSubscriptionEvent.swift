/// One element of a subscription's stream: an event's data, or news about the shared connection.
public enum GraphQLSubscriptionEvent<Data: Sendable>: Sendable {
    /// The subscription is live: the server acknowledged the connection, the subscription was
    /// sent on it, and the server then answered a later message on the same socket (a `pong`
    /// in graphql-transport-ws; in graphql-ws, which has no ping, a `query { __typename }` sent
    /// after it). Yielded once, first; a first event or the server's completion before that
    /// answer counts as live too. A server that handles a connection's messages in order (the
    /// reference server, Apollo's subscriptions-transport-ws, graphql-ws) has then set the
    /// subscription up, so an event published after `started` arrives. A server that sets
    /// subscriptions up asynchronously, after answering later messages, may still miss one.
    case started
    /// An event the server published.
    case data(Data)
    /// The connection dropped; the client is reconnecting with backoff. Events from now until
    /// ``resumed`` are lost.
    case interrupted(GraphQLSubscriptionError)
    /// The connection is back and the subscription was sent again.
    case resumed
}

extension GraphQLSubscriptionEvent: Equatable where Data: Equatable {}
