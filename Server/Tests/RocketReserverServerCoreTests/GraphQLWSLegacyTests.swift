import Foundation
import RocketReserverServerCore
import Testing

/// The legacy `graphql-ws` subprotocol (subscriptions-transport-ws, the hosted server's),
/// served in-process.
@Suite("graphql-ws (legacy)")
struct GraphQLWSLegacyTests {
    @Test func ackThenKeepAliveThenEventsAsData() async throws {
        let harness = try ConnectionHarness(.graphQLWS)
        let token = try await harness.server.login("legacy@example.com")
        // The hosted server's shape: the raw token in the payload's `authorization`.
        harness.send(#"{"type":"connection_init","payload":{"authorization":"\#(token)"}}"#)
        await harness.expect("connection_ack")
        await harness.expect("ka")
        harness.send(#"{"id":"1","type":"start","payload":{"query":"subscription TripsBooked { tripsBooked }","operationName":"TripsBooked"}}"#)
        // Messages are handled in order: the query's answer proves the subscription is registered.
        harness.send(#"{"id":"q","type":"start","payload":{"query":"{ totalTripsBooked }"}}"#)
        let total = await harness.expect("data")
        #expect(total?.json?["id"] as? String == "q")
        await harness.expect("complete")

        _ = try await harness.server.post(#"mutation { bookTrips(launchIds: ["4", "5"]) { success } }"#, authorization: token)
        let data = await harness.expect("data")
        #expect(data?.json?["id"] as? String == "1")
        #expect(data?.json?["payload"] as? NSDictionary == ["data": ["tripsBooked": 2]])

        harness.send(#"{"id":"1","type":"stop"}"#)
        // subscriptions-transport-ws confirms a stop with complete.
        let complete = await harness.expect("complete")
        #expect(complete?.json?["id"] as? String == "1")
        #expect(harness.hub.subscriberCount == 0)
        harness.send(#"{"type":"connection_terminate"}"#)
        guard case .close(let code, _)? = await harness.next() else {
            Issue.record("connection_terminate did not close")
            return
        }
        #expect(code == 1000)
        try await harness.waitUntilServed()
    }

    @Test func keepAlivesRepeat() async throws {
        let harness = try ConnectionHarness(.graphQLWS, limits: WebSocketLimits(keepAliveInterval: .milliseconds(20)))
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        for _ in 0..<3 {
            await harness.expect("ka")
        }
        try await harness.finish()
    }

    @Test func startingAnIdAgainReplacesTheOperation() async throws {
        let harness = try ConnectionHarness(.graphQLWS)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        await harness.expect("ka")
        let start = #"{"id":"1","type":"start","payload":{"query":"subscription { tripsBooked }"}}"#
        harness.send(start)
        harness.send(start)
        // The first operation is stopped (complete), the second runs.
        await harness.expect("complete")
        harness.send(#"{"id":"q","type":"start","payload":{"query":"{ totalTripsBooked }"}}"#)
        await harness.expect("data")
        await harness.expect("complete")
        #expect(harness.hub.subscriberCount == 1)
        try await harness.finish()
        #expect(harness.hub.subscriberCount == 0)
    }

    @Test func aValidationErrorIsAnErrorMessage() async throws {
        let harness = try ConnectionHarness(.graphQLWS)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        await harness.expect("ka")
        harness.send(#"{"id":"1","type":"start","payload":{"query":"subscription { tripsBooked launches { cursor } }"}}"#)
        let error = await harness.expect("error")
        #expect(error?.json?["id"] as? String == "1")
        #expect((error?.json?["payload"] as? [[String: Any]])?.isEmpty == false)
        try await harness.finish()
    }

    @Test func graphQLTransportWSMessagesAreNotLegacyMessages() async throws {
        let harness = try ConnectionHarness(.graphQLWS)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        await harness.expect("ka")
        harness.send(#"{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
        let error = await harness.expect("connection_error")
        #expect(((error?.json?["payload"] as? [String: Any])?["message"] as? String)?.contains("subscribe") == true)
        await harness.expectClose(4400)
        try await harness.waitUntilServed()
    }
}
