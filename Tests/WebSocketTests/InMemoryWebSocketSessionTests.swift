import Foundation
import GraphQLTestDoubles
import Transport
import Testing

/// The in-memory streaming seam keeps the contract the socket client keeps (the other suites
/// here check it on the wire): order, a normal close as `nil`, another close as an error,
/// cancellation closing with 1001, no sending after a close.
@Suite(.timeLimit(.minutes(5))) struct InMemoryWebSocketSessionTests {
    let request = WebSocketRequest(url: URL(string: "ws://127.0.0.1:1/graphql")!, subprotocols: ["graphql-transport-ws"], headers: [("Authorization", "Bearer t")])

    @Test func messagesFlowBothWaysInOrder() async throws {
        let session = InMemoryWebSocketSession()
        let channel = try await session.open(request)
        let server = await session.accept()
        #expect(channel.subprotocol == "graphql-transport-ws")
        #expect(server.request.headers.map(\.name) == ["Authorization"])
        try await channel.send(.text("connection_init"))
        try await channel.send(.binary(Data([1])))
        #expect(try await server.receive() == .text("connection_init"))
        #expect(try await server.receive() == .binary(Data([1])))
        try server.send(.text("ack"))
        try server.send(.text("next"))
        #expect(try await channel.receive() == .text("ack"))
        #expect(try await channel.receive() == .text("next"))
        server.close()
        #expect(try await channel.receive() == nil)
        await #expect(throws: WebSocketError(.notOpen)) { try await channel.send(.text("late")) }
    }

    @Test func anAbnormalServerCloseIsAnError() async throws {
        let session = InMemoryWebSocketSession()
        let channel = try await session.open(request)
        let server = await session.accept()
        let waiting = Task { try await channel.receive() }
        server.close(code: WebSocketCloseCode(rawValue: 4400), reason: "Invalid message")
        await #expect(throws: WebSocketError(.closedByServer(code: WebSocketCloseCode(rawValue: 4400), reason: "Invalid message"))) {
            try await waiting.value
        }
    }

    @Test func cancellingTheConsumerClosesWithGoingAway() async throws {
        let session = InMemoryWebSocketSession()
        let channel = try await session.open(request)
        let server = await session.accept()
        let consumer = Task { try await channel.receive() }
        consumer.cancel()
        await #expect(throws: CancellationError.self) { try await consumer.value }
        #expect(try await server.receive() == nil)
        #expect(server.clientClose?.code == .goingAway)
    }

    @Test func aRefusalIsThrownByOpen() async throws {
        let session = InMemoryWebSocketSession(refusal: WebSocketError(.handshakeRefused(status: 401)))
        await #expect(throws: WebSocketError(.handshakeRefused(status: 401))) { try await session.open(request) }
    }
}
