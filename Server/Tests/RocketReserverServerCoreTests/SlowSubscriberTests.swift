import Foundation
import RocketReserverServerCore
import Testing

/// A subscriber that does not keep up never holds up a mutation, and its memory is bounded:
/// past the hub's buffer it is ended with an error instead of growing or losing events silently.
@Suite("slow subscribers")
struct SlowSubscriberTests {
    @Test func aMutationAnswersWhileTheSubscriberIsStuck() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        harness.send(#"{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
        harness.send(#"{"type":"ping"}"#)
        await harness.expect("pong")
        let token = try await harness.server.login("fast@example.com")
        harness.sink.hold()
        _ = try await harness.server.post(#"mutation { bookTrips(launchIds: ["1"]) { success } }"#, authorization: token)
        #expect(await harness.next() == .sendHeld)
        // The socket is stuck on the first event; more mutations still answer at once.
        for id in 2...5 {
            let answer = try await harness.server.post(#"mutation { bookTrips(launchIds: ["\#(id)"]) { success } }"#, authorization: token)
            #expect(JSONPath.bool(answer.json, "data", "bookTrips", "success") == true)
        }
        harness.sink.release()
        for _ in 1...5 {
            let next = await harness.expect("next")
            #expect(next?.json?["payload"] as? NSDictionary == ["data": ["tripsBooked": 1]])
        }
        try await harness.finish()
    }

    @Test func aSubscriberPastItsBufferIsEndedWithAnError() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS, bufferLimit: 4)
        harness.send(#"{"type":"connection_init"}"#)
        await harness.expect("connection_ack")
        harness.send(#"{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
        harness.send(#"{"type":"ping"}"#)
        await harness.expect("pong")
        harness.sink.hold()
        harness.hub.publish(1)
        #expect(await harness.next() == .sendHeld)
        // One event is being sent; four wait in the buffer; the fifth overflows it.
        for value in 2...10 {
            harness.hub.publish(value)
        }
        #expect(harness.hub.subscriberCount == 0)
        harness.sink.release()
        var values: [Int] = []
        for _ in 1...5 {
            let next = await harness.expect("next")
            if let value = ((next?.json?["payload"] as? [String: Any])?["data"] as? [String: Any])?["tripsBooked"] as? Int {
                values.append(value)
            }
        }
        #expect(values == [1, 2, 3, 4, 5])
        let error = await harness.expect("error")
        #expect(error?.json?["id"] as? String == "1")
        #expect(((error?.json?["payload"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String == "SUBSCRIBER_OVERFLOW")
        #expect(await harness.connection.operationCount == 0)
        // The connection goes on; the client may subscribe again.
        harness.send(#"{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
        harness.send(#"{"type":"ping"}"#)
        await harness.expect("pong")
        #expect(harness.hub.subscriberCount == 1)
        try await harness.finish()
    }
}
