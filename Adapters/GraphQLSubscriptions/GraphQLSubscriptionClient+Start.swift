import GraphQLClient
import GraphQLOperationSupport
import JSON
import Transport

extension GraphQLSubscriptionClient {
    /// Subscribes to `operation` and returns its events once the subscription is live, so that
    /// an event published after this returns (a booking made next) reaches the stream.
    ///
    /// "Live" means: the server acknowledged the connection (`connection_ack`), the
    /// subscription was sent on it, and the server then answered a later message on the same
    /// socket: in graphql-transport-ws a `ping` (its `pong`), in graphql-ws (which has no ping) a
    /// `query { __typename }` sent as an operation of its own. A server that handles a
    /// connection's messages in order (the reference server registers a subscription before it
    /// reads the next message) has then set the subscription up. What it cannot promise: a
    /// server that sets subscriptions up asynchronously, after answering later messages, may
    /// still miss an event published at once; a first event, or the server completing the
    /// subscription, also counts as live.
    ///
    /// The stream is the one ``subscribe(_:variables:)`` gives: ``GraphQLSubscriptionEvent/started``
    /// first (already in it when this returns), events, then
    /// ``GraphQLSubscriptionEvent/interrupted(_:)`` and ``GraphQLSubscriptionEvent/resumed`` around
    /// a reconnection (after a reconnection the subscription is sent again, but `resumed` does
    /// not wait for the server's answer). Events that arrive before iteration starts wait in its
    /// buffer.
    ///
    /// - Throws: The ``GraphQLSubscriptionError`` that ended the subscription before it was live
    ///   (no connection, a refused login, the server rejecting the operation), or
    ///   `CancellationError` when the calling task is cancelled first; the subscription is then
    ///   stopped.
    public func startSubscription(
        _ operation: GraphQLSubscriptionOperation, variables: [String: JSONValue] = [:]
    ) async throws -> AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error> {
        let (id, subscriber, stream) = makeSubscriber(operation, variables: variables)
        await add(id, subscriber)
        do {
            try await subscriber.live.wait()
        } catch {
            subscriber.continuation.finish()
            throw error
        }
        return stream
    }

    /// ``startSubscription(_:variables:)`` for a generated subscription: returns once it is
    /// live, then each event checked against its selection and decoded into the generated model
    /// (an event that does not fit ends the stream with
    /// ``GraphQLSubscriptionError/Kind/unexpectedShape(_:)``).
    public func startSubscription<Subscription: GeneratedSubscription>(
        _ subscription: Subscription
    ) async throws -> AsyncThrowingStream<GraphQLSubscriptionEvent<Subscription.Data>, any Error> {
        let events = try await startSubscription(Subscription.subscription, variables: subscription.variables.jsonValues)
        return typed(events, subscription)
    }

    /// Sends what tells this client that the server has read subscription `id`'s message (see
    /// ``SubscriptionLiveProbes``).
    func probe(for id: String, on channel: SubscriptionChannel) async {
        switch channel.subprotocol {
        case .graphQLTransportWS:
            let ping = probes.pingSent()
            probes.awaitPong(of: ping, for: id)
            try? await channel.send(.ping)
        case .graphQLWS:
            try? await channel.send(.liveProbe(id: probes.probeID(for: id)))
        }
    }

    /// Settles the subscriptions `ids` as live.
    func markLive(_ ids: [String]) {
        for id in ids {
            if let subscriber = subscribers[id] { Self.markLive(subscriber) }
        }
    }

    /// Settles `subscriber` as live and yields ``GraphQLSubscriptionEvent/started`` to its
    /// stream, the first time only.
    static func markLive(_ subscriber: Subscriber) {
        if subscriber.live.settle(.success(())) { subscriber.continuation.yield(.started) }
    }
}
