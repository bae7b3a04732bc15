import GraphQLClient
import GraphQLOperationSupport
import JSON

/// What runs GraphQL subscriptions for their consumers: an operation with its variables in, a
/// stream of events out.
///
/// Consumers (the gateway's feeds, the document runner) take `any GraphQLSubscriptionTransport`,
/// so a test can hand them a double and another transport (server-sent events, say) can take the
/// WebSocket's place. ``GraphQLSubscriptionClient`` is the WebSocket one.
public protocol GraphQLSubscriptionTransport: Sendable {
    /// Events that may wait for a slow consumer of one stream before the oldest is dropped; a
    /// consumer that buffers the events again above the stream keeps as many.
    var bufferLimit: Int { get }

    /// Subscribes to `operation`: ``GraphQLSubscriptionEvent/started`` first once the
    /// subscription is live, then each event's `data` as it arrives, until the server completes
    /// it (the stream ends), fails it (the stream throws a ``GraphQLSubscriptionError``), or the
    /// consumer stops (which unsubscribes).
    func subscribe(
        _ operation: GraphQLSubscriptionOperation, variables: [String: JSONValue]
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error>
}

extension GraphQLSubscriptionTransport {
    /// Subscribes to `operation`, which takes no variables.
    public func subscribe(
        _ operation: GraphQLSubscriptionOperation
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error> {
        subscribe(operation, variables: [:])
    }

    /// Subscribes to a generated subscription: each event checked against its selection and
    /// decoded into the generated model; an event that does not fit ends the stream with
    /// ``GraphQLSubscriptionError/Kind/unexpectedShape(_:)``.
    public func subscribe<Subscription: GeneratedSubscription>(
        _ subscription: Subscription
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent<Subscription.Data>, any Error> {
        typed(subscribe(Subscription.subscription, variables: subscription.variables.jsonValues), subscription)
    }

    /// `events` with each event's data decoded into `subscription`'s model; an event that does
    /// not fit ends the stream with ``GraphQLSubscriptionError/Kind/unexpectedShape(_:)``.
    func typed<Subscription: GeneratedSubscription>(
        _ events: AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error>, _ subscription: Subscription
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent<Subscription.Data>, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: GraphQLSubscriptionEvent<Subscription.Data>.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(bufferLimit)
        )
        let task = Task {
            do {
                for try await event in events {
                    switch event {
                    case .data(let data):
                        do throws(GraphQLClientError) {
                            let model = try subscription.event(data: data)
                            continuation.yield(.data(model))
                        } catch {
                            throw GraphQLSubscriptionError(operationName: Subscription.operationName, kind: .unexpectedShape(shapeProblem(error)))
                        }
                    case .started: continuation.yield(.started)
                    case .interrupted(let error): continuation.yield(.interrupted(error))
                    case .resumed: continuation.yield(.resumed)
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// The shape problem a generated subscription's check found, without the client's wording around it.
private func shapeProblem(_ error: GraphQLClientError) -> String {
    if case .unexpectedShape(let reason) = error.kind { return reason }
    return error.summary
}
