import Foundation
import RocketReserverServerCore
import Testing

/// The `graphql-transport-ws` subprotocol (the graphql-ws library's), served in-process.
@Suite("graphql-transport-ws")
struct GraphQLTransportWSTests {
    static let subscription = #"{"id":"1","type":"subscribe","payload":{"query":"subscription TripsBooked { tripsBooked }"}}"#

    @Test func bookAndCancelArePublishedWithTheHostedServersValues() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(#"{"type":"connection_init","payload":{}}"#)
        await harness.expect("connection_ack")
        harness.send(Self.subscription)
        // Messages are handled in order: the pong proves the subscription is registered.
        harness.send(#"{"type":"ping","payload":{"n":1}}"#)
        let pong = await harness.expect("pong")
        #expect((pong?.json?["payload"] as? [String: Any])?["n"] as? Int == 1)

        let token = try await harness.server.login("subscriber@example.com")
        let booked = try await harness.server.post(#"mutation { bookTrips(launchIds: ["1", "2", "999"]) { success } }"#, authorization: token)
        #expect(booked.status == 200)
        let next = await harness.expect("next")
        #expect(next?.json?["id"] as? String == "1")
        #expect(next?.json?["payload"] as? NSDictionary == ["data": ["tripsBooked": 3]])

        _ = try await harness.server.post(#"mutation { cancelTrip(launchId: "1") { success } }"#, authorization: token)
        let cancelled = await harness.expect("next")
        #expect(cancelled?.json?["payload"] as? NSDictionary == ["data": ["tripsBooked": -1]])

        // A cancellation that does not happen publishes nothing; the next event is the booking.
        _ = try await harness.server.post(#"mutation { cancelTrip(launchId: "77") { success } }"#, authorization: token)
        _ = try await harness.server.post(#"mutation { bookTrips(launchIds: ["5"]) { success } }"#, authorization: token)
        let single = await harness.expect("next")
        #expect(single?.json?["payload"] as? NSDictionary == ["data": ["tripsBooked": 1]])
        try await harness.finish()
    }

    @Test func anAnonymousMutationPublishesNothing() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        harness.send(Self.subscription)
        harness.send(#"{"type":"ping"}"#)
        await harness.expect("pong")
        let refused = try await harness.server.post(#"mutation { bookTrips(launchIds: ["1"]) { success } }"#)
        #expect(JSONPath.string(refused.json, "errors", 0, "extensions", "code") == "UNAUTHENTICATED")
        let token = try await harness.server.login("after@example.com")
        _ = try await harness.server.post(#"mutation { bookTrips(launchIds: ["1", "2"]) { success } }"#, authorization: token)
        let next = await harness.expect("next")
        #expect(next?.json?["payload"] as? NSDictionary == ["data": ["tripsBooked": 2]])
        try await harness.finish()
    }

    @Test func completeStopsTheSubscriptionAndFreesItsHubEntry() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        harness.send(Self.subscription)
        harness.send(#"{"type":"ping"}"#)
        await harness.expect("pong")
        #expect(harness.hub.subscriberCount == 1)
        #expect(await harness.connection.operationCount == 1)
        harness.send(#"{"id":"1","type":"complete"}"#)
        harness.send(#"{"type":"ping"}"#)
        // No `complete` answers the client's: the next message is the pong.
        await harness.expect("pong")
        #expect(harness.hub.subscriberCount == 0)
        #expect(await harness.connection.operationCount == 0)
        // The id may be used again.
        harness.send(Self.subscription)
        harness.send(#"{"type":"ping"}"#)
        await harness.expect("pong")
        #expect(harness.hub.subscriberCount == 1)
        try await harness.finish()
        #expect(harness.hub.subscriberCount == 0)
    }

    @Test func aClosedSocketFreesEverySubscription() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        for id in 1...5 {
            harness.send(#"{"id":"\#(id)","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
        }
        harness.send(#"{"type":"ping"}"#)
        await harness.expect("pong")
        #expect(harness.hub.subscriberCount == 5)
        try await harness.finish()
        #expect(harness.hub.subscriberCount == 0)
        #expect(await harness.connection.operationCount == 0)
    }

    @Test func queriesAndMutationsAnswerOnceThenComplete() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        let token = try await harness.server.login("ws-user@example.com")
        harness.send(#"{"type":"connection_init","payload":{"authorization":"Bearer \#(token)"}}"#)
        await harness.expect("connection_ack")
        harness.send(#"{"id":"m","type":"subscribe","payload":{"query":"mutation { bookTrips(launchIds: [\"3\"]) { success } }"}}"#)
        let next = await harness.expect("next")
        #expect(next?.json?["payload"] as? NSDictionary == ["data": ["bookTrips": ["success": true]]])
        await harness.expect("complete")
        harness.send(#"{"id":"q","type":"subscribe","payload":{"query":"{ me { email trips { id } } }"}}"#)
        let me = await harness.expect("next")
        #expect(me?.json?["payload"] as? NSDictionary == ["data": ["me": ["email": "ws-user@example.com", "trips": [["id": "3"]]]]])
        await harness.expect("complete")
        try await harness.finish()
    }

    @Test func aBadOperationGetsAnErrorMessageAndTheConnectionGoesOn() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        harness.send(#"{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked nope }"}}"#)
        let error = await harness.expect("error")
        let errors = error?.json?["payload"] as? [[String: Any]]
        #expect((errors?.first?["extensions"] as? [String: Any])?["code"] as? String == "GRAPHQL_VALIDATION_FAILED")
        harness.send(#"{"id":"2","type":"subscribe","payload":{"query":"subscription {"}}"#)
        let syntax = await harness.expect("error")
        #expect(((syntax?.json?["payload"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String == "GRAPHQL_PARSE_FAILED")
        harness.send(#"{"type":"ping"}"#)
        await harness.expect("pong")
        #expect(harness.hub.subscriberCount == 0)
        try await harness.finish()
    }

    @Test func subscriptionsPerSocketAreBounded() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS, limits: WebSocketLimits(maximumSubscriptions: 2))
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        for id in 1...3 {
            harness.send(#"{"id":"\#(id)","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
        }
        let error = await harness.expect("error")
        #expect(error?.json?["id"] as? String == "3")
        #expect(((error?.json?["payload"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String == "TOO_MANY_SUBSCRIPTIONS")
        #expect(harness.hub.subscriberCount == 2)
        try await harness.finish()
    }
}
