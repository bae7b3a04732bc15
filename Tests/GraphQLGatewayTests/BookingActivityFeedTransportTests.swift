import Domain
import GraphQLClient
import GraphQLGateway
import GraphQLSubscriptions
import JSON
import Ports
import Synchronization
import Testing

/// ``GraphQLBookingActivityFeed`` over any ``GraphQLSubscriptionTransport``: a scripted one here,
/// not the WebSocket client, decodes the generated subscription's events and maps the rest.
@Suite(.timeLimit(.minutes(1))) struct BookingActivityFeedTransportTests {
    /// Plays `events` to each subscriber, then ends with `failure` (or completes); notes what was subscribed to.
    final class ScriptedTransport: GraphQLSubscriptionTransport {
        let events: [GraphQLSubscriptionEvent<[String: JSONValue]>]
        let failure: GraphQLSubscriptionError?
        let subscribed = Mutex<[String]>([])
        var bufferLimit: Int { 16 }

        init(events: [GraphQLSubscriptionEvent<[String: JSONValue]>], failure: GraphQLSubscriptionError?) {
            self.events = events
            self.failure = failure
        }

        func subscribe(
            _ operation: GraphQLSubscriptionOperation, variables: [String: JSONValue]
        ) -> AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error> {
            subscribed.withLock { $0.append(operation.name) }
            let (stream, continuation) = AsyncThrowingStream.makeStream(of: GraphQLSubscriptionEvent<[String: JSONValue]>.self)
            for event in events { continuation.yield(event) }
            continuation.finish(throwing: failure)
            return stream
        }
    }

    static func updates(of feed: GraphQLBookingActivityFeed) async -> (updates: [LiveUpdate<BookingActivity>], error: ServiceError?) {
        var updates: [LiveUpdate<BookingActivity>] = []
        do {
            for try await update in feed.bookingActivity() { updates.append(update) }
            return (updates, nil)
        } catch {
            return (updates, error as? ServiceError)
        }
    }

    @Test func eventsAreDecodedAndTheConnectionsNewsAndEndAreMapped() async throws {
        let dropped = GraphQLSubscriptionError(operationName: "TripsBooked", kind: .webSocket(.connectionLost))
        let transport = ScriptedTransport(
            events: [.started, .data(["tripsBooked": 2]), .data(["tripsBooked": nil]), .interrupted(dropped), .resumed, .data(["tripsBooked": -1])],
            failure: GraphQLSubscriptionError(operationName: "TripsBooked", kind: .connectionRefused(code: nil, reason: "no"))
        )
        let (updates, error) = await Self.updates(of: GraphQLBookingActivityFeed(client: transport))
        #expect(transport.subscribed.withLock { $0 } == ["TripsBooked"])
        #expect(updates.count == 4)
        #expect(updates.first == .value(BookingActivity(tripsBooked: 2)))
        if case .interrupted(let interruption)? = updates.dropFirst().first {
            #expect(interruption.kind == .unreachable)
            #expect(interruption.operation == "TripsBooked")
        } else {
            Issue.record("expected the interruption second, got \(updates)")
        }
        #expect(Array(updates.suffix(2)) == [.resumed, .value(BookingActivity(tripsBooked: -1))])
        #expect(error?.kind == .unauthenticated)
    }

    @Test func anEventThatDoesNotFitTheGeneratedModelEndsTheFeed() async throws {
        let transport = ScriptedTransport(events: [.started, .data(["tripsBooked": "two"]), .data(["tripsBooked": 3])], failure: nil)
        let (updates, error) = await Self.updates(of: GraphQLBookingActivityFeed(client: transport))
        #expect(updates.isEmpty)
        #expect(error?.kind == .unreadableResponse)
        #expect(error?.operation == "TripsBooked")
    }
}
