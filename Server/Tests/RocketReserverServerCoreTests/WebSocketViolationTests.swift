import Foundation
import RocketReserverServerCore
import Testing

/// Protocol violations close the socket with graphql-ws's codes, in both subprotocols, and
/// free what the connection started; none of them crashes the server.
@Suite("WebSocket protocol violations")
struct WebSocketViolationTests {
    static let init_ = #"{"type":"connection_init"}"#

    static let invalidMessages: [String] = [
        "not json",
        "",
        "[]",
        "42",
        #"{"payload":{}}"#,
        #"{"type":42}"#,
        #"{"type":"launch_rockets"}"#,
        #"{"type":"complete"}"#,
        #"{"type":"complete","id":7}"#,
        #"{"type":"complete","id":""}"#,
        #"{"type":"complete","id":"\#(String(repeating: "x", count: 129))"}"#,
        #"{"type":"subscribe","id":"1"}"#,
        #"{"type":"subscribe","id":"1","payload":"subscription { tripsBooked }"}"#,
        #"{"type":"subscribe","id":"1","payload":{"query":"subscription { tripsBooked }","variables":[1]}}"#,
        #"{"type":"subscribe","id":"1","payload":{"query":7}}"#,
        // Nesting far past the JSON decoder's depth limit, within the 64 KiB message bound.
        String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000),
        #"{"type":"ping","payload":"# + String(repeating: #"{"a":"#, count: 5_000) + "1" + String(repeating: "}", count: 5_001),
    ]

    @Test(arguments: invalidMessages)
    func anInvalidMessageCloses4400(_ message: String) async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(Self.init_)
        await harness.expect("connection_ack")
        harness.send(#"{"id":"live","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
        harness.send(message)
        await harness.expectClose(4400)
        try await harness.waitUntilServed()
        #expect(harness.hub.subscriberCount == 0)
    }

    @Test(arguments: WebSocketSubprotocol.allCases)
    func badJSONCloses4400(_ subprotocol: WebSocketSubprotocol) async throws {
        let harness = try ConnectionHarness(subprotocol)
        harness.send("{\"type\":\"connection_init\"")
        if subprotocol == .graphQLWS {
            let error = await harness.expect("connection_error")
            #expect(error?.json?["payload"] as? NSDictionary == ["message": "Invalid message: not JSON"])
        }
        await harness.expectClose(4400)
        try await harness.waitUntilServed()
    }

    @Test(arguments: WebSocketSubprotocol.allCases)
    func aBinaryMessageCloses4400(_ subprotocol: WebSocketSubprotocol) async throws {
        let harness = try ConnectionHarness(subprotocol)
        harness.sendBinary()
        await harness.expectClose(4400)
        try await harness.waitUntilServed()
    }

    @Test(arguments: WebSocketSubprotocol.allCases)
    func anOperationBeforeTheAckCloses4401(_ subprotocol: WebSocketSubprotocol) async throws {
        let harness = try ConnectionHarness(subprotocol)
        let type = subprotocol == .graphQLWS ? "start" : "subscribe"
        harness.send(#"{"id":"1","type":"\#(type)","payload":{"query":"subscription { tripsBooked }"}}"#)
        await harness.expectClose(4401)
        try await harness.waitUntilServed()
        #expect(harness.hub.subscriberCount == 0)
    }

    @Test(arguments: WebSocketSubprotocol.allCases)
    func aTokenThatIsNotOneCloses4403(_ subprotocol: WebSocketSubprotocol) async throws {
        let harness = try ConnectionHarness(subprotocol)
        harness.send(#"{"type":"connection_init","payload":{"authorization":"Bearer not-a-token"}}"#)
        await harness.expectClose(4403)
        try await harness.waitUntilServed()
    }

    @Test func aNonStringAuthorizationCloses4400() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(#"{"type":"connection_init","payload":{"authorization":{"token":"x"}}}"#)
        await harness.expectClose(4400)
        try await harness.waitUntilServed()
    }

    @Test func anEmptyAuthorizationIsAnonymous() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(#"{"type":"connection_init","payload":{"authorization":""}}"#)
        await harness.expect("connection_ack")
        try await harness.finish()
    }

    @Test func aDuplicateIdCloses4409() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(Self.init_)
        await harness.expect("connection_ack")
        let subscribe = #"{"id":"dup","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#
        harness.send(subscribe)
        harness.send(subscribe)
        await harness.expectClose(4409)
        try await harness.waitUntilServed()
        #expect(harness.hub.subscriberCount == 0)
    }

    @Test(arguments: WebSocketSubprotocol.allCases)
    func aSecondInitCloses4429(_ subprotocol: WebSocketSubprotocol) async throws {
        let harness = try ConnectionHarness(subprotocol)
        harness.send(Self.init_)
        await harness.expect("connection_ack")
        if subprotocol == .graphQLWS {
            await harness.expect("ka")
        }
        harness.send(Self.init_)
        await harness.expectClose(4429)
        try await harness.waitUntilServed()
    }

    @Test(arguments: WebSocketSubprotocol.allCases)
    func noInitInTimeCloses4408(_ subprotocol: WebSocketSubprotocol) async throws {
        let harness = try ConnectionHarness(subprotocol, limits: WebSocketLimits(connectionInitTimeout: .milliseconds(50)))
        await harness.expectClose(4408)
        try await harness.waitUntilServed()
    }

    @Test func nothingIsSentAfterTheClose() async throws {
        let harness = try ConnectionHarness(.graphQLTransportWS)
        harness.send(Self.init_)
        await harness.expect("connection_ack")
        harness.send("garbage")
        harness.send(#"{"type":"ping"}"#)
        await harness.expectClose(4400)
        try await harness.waitUntilServed()
        harness.sink.finishForTest()
        #expect(await harness.next() == nil)
    }
}
