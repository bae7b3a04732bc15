import GraphQLClient
import GraphQLOperationSupport
import JSON

extension GraphQLSubscriptionClient {
    /// Subscribes to a generated subscription: each event checked against its selection and
    /// decoded into the generated model; an event that does not fit ends the stream with
    /// ``GraphQLSubscriptionError/Kind/unexpectedShape(_:)``.
    public nonisolated func subscribe<Subscription: GeneratedSubscription>(
        _ subscription: Subscription
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent<Subscription.Data>, any Error> {
        typed(subscribe(Subscription.subscription, variables: subscription.variables.jsonValues), subscription)
    }

    /// `events` with each event's data decoded into `subscription`'s model; an event that does
    /// not fit ends the stream with ``GraphQLSubscriptionError/Kind/unexpectedShape(_:)``.
    nonisolated func typed<Subscription: GeneratedSubscription>(
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
                            throw GraphQLSubscriptionError(operationName: Subscription.operationName, kind: .unexpectedShape(Self.reason(error)))
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

    /// The shape problem a generated subscription's check found, without the client's wording around it.
    private static func reason(_ error: GraphQLClientError) -> String {
        if case .unexpectedShape(let reason) = error.kind { return reason }
        return error.summary
    }
}
