import GraphQLClient
import GraphQLOperationSupport
import JSON
import RocketReserverAPI
import Testing

/// The tutorial's `TripsBooked` subscription, generated for the live-data transport.
@Suite(.timeLimit(.minutes(5)))
struct TripsBookedSubscriptionTests {
    @Test func itSendsTheTutorialsDocumentAndDecodesEachCount() throws {
        #expect(TripsBookedSubscription.subscription.document == "subscription TripsBooked { tripsBooked }")
        #expect(TripsBookedSubscription.document == "subscription TripsBooked { tripsBooked }")
        #expect(try TripsBookedSubscription().event(data: ["tripsBooked": 3]).tripsBooked == 3)
        #expect(try TripsBookedSubscription().event(data: ["tripsBooked": .null]).tripsBooked == nil)
        #expect(throws: GraphQLClientError.self) { _ = try TripsBookedSubscription().event(data: ["tripsBooked": "three"]) }
        #expect(throws: GraphQLClientError.self) { _ = try TripsBookedSubscription().event(data: [:]) }
    }
}
