import GraphQLClient
import JSON
import Transport

/// The open connection: its messages read and passed to their subscriptions, and the
/// keep-alive that notices a silent one.
extension GraphQLSubscriptionClient {
    /// Reads the open connection until it closes normally; each event goes to its subscriber.
    func read(_ channel: SubscriptionChannel) async throws {
        while let message = try await channel.socket.receive() {
            messagesSeen &+= 1
            guard case .text(let text) = message else { throw SubscriptionConnectionFailure(.malformedMessage("a binary message")) }
            switch try SubscriptionServerMessage(text, subprotocol: channel.subprotocol) {
            case .acknowledged, .keepAlive: continue
            case .pong: markLive(probes.pongReceived())
            case .ping: try await channel.send(.pong)
            case .connectionError(let reason): throw SubscriptionConnectionFailure(.connectionRefused(code: nil, reason: reason))
            case .event(let id, _, _) where probes.isProbe(id), .error(let id, _) where probes.isProbe(id), .complete(let id) where probes.isProbe(id):
                markLive(probes.answered(id))
            case .event(let id, let data, let errors): await deliver(id: id, data: data, errors: errors)
            case .error(let id, let errors): await end(id, throwing: .rejected(errors))
            case .complete(let id): await end(id, throwing: nil)
            }
        }
    }

    /// Every ``SubscriptionReconnection/keepAliveInterval``: pings (graphql-transport-ws), and
    /// closes the socket when nothing arrived for two intervals, so the read loop ends and the
    /// connection is reopened. Ends when its task is cancelled (the connection ended).
    func keepAlive(_ channel: SubscriptionChannel) async {
        guard let interval = reconnection.keepAliveInterval else { return }
        var seen = messagesSeen
        var silentIntervals = 0
        while !Task.isCancelled {
            do {
                try await reconnection.sleep(interval)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            if messagesSeen == seen { silentIntervals += 1 } else { silentIntervals = 0 }
            seen = messagesSeen
            if silentIntervals >= 2 {
                await channel.socket.close(code: .goingAway, reason: "")
                return
            }
            if channel.subprotocol == .graphQLTransportWS {
                _ = probes.pingSent()
                try? await channel.send(.ping)
            }
        }
    }

    /// Passes one event on (after the sink); an event with errors and no data ends its subscription.
    private func deliver(id: String, data: [String: JSONValue]?, errors: [GraphQLError]) async {
        // Events for an operation the consumer stopped may still be on the way: not an error.
        guard let subscriber = subscribers[id] else { return }
        guard let data else {
            if let channel {
                try? await channel.send(.complete(id: id))
            }
            await end(id, throwing: .rejected(errors.isEmpty ? [GraphQLError(message: "an event without data")] : errors))
            return
        }
        // An event proves the server has the subscription.
        Self.markLive(subscriber)
        await eventSink?(subscriber.operation, data, subscriber.variables)
        subscriber.continuation.yield(.data(data))
    }

    /// Ends subscription `id` as the server did (completed, or failed with `kind`).
    private func end(_ id: String, throwing kind: GraphQLSubscriptionError.Kind?) async {
        guard let subscriber = subscribers.removeValue(forKey: id) else { return }
        started.remove(id)
        if let kind {
            let error = GraphQLSubscriptionError(operationName: subscriber.operation.name, kind: kind)
            subscriber.live.settle(.failure(error))
            subscriber.continuation.finish(throwing: error)
        } else {
            // Completed by the server: it had the subscription (the stream simply ends).
            Self.markLive(subscriber)
            subscriber.continuation.finish()
        }
        await closeIfUnused()
    }
}
