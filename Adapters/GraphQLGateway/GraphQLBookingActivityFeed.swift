import Domain
import GraphQLSubscriptions
import Ports
import RocketReserverAPI

/// The server's booking activity from the generated `TripsBookedSubscription`, over the
/// subscription transport (the `GraphQLSubscriptionClient`'s shared WebSocket).
///
/// Each iteration subscribes afresh and stops (sending `complete`/`stop`, closing the socket
/// when nothing else uses it) when its consumer stops. The client's reconnections become
/// ``LiveUpdate/interrupted(_:)`` and ``LiveUpdate/resumed``; its failures ``ServiceError``s.
public struct GraphQLBookingActivityFeed: BookingActivityFeed {
    private let client: any GraphQLSubscriptionTransport

    public init(client: any GraphQLSubscriptionTransport) {
        self.client = client
    }

    public func bookingActivity() -> LiveStream<LiveUpdate<BookingActivity>> {
        LiveStream(bufferLimit: client.bufferLimit) { [client] emitter in
            do {
                for try await event in client.subscribe(TripsBookedSubscription()) {
                    switch event {
                    case .started: continue
                    case .data(let data):
                        // `tripsBooked` is nullable in the schema: a null announces nothing.
                        guard let value = data.tripsBooked else { continue }
                        emitter.yield(.value(BookingActivity(tripsBooked: value)))
                    case .interrupted(let error): emitter.yield(.interrupted(SubscriptionErrorMapping.serviceError(error)))
                    case .resumed: emitter.yield(.resumed)
                    }
                }
            } catch let error as GraphQLSubscriptionError {
                throw SubscriptionErrorMapping.serviceError(error)
            }
        }
    }
}
