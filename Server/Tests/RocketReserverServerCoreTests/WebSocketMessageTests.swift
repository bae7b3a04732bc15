import Foundation
@testable import RocketReserverServerCore
import Testing

/// Subprotocol choice and the messages' JSON, without a connection.
@Suite("WebSocket messages")
struct WebSocketMessageTests {
    @Test func theClientsFirstKnownOfferWins() {
        #expect(WebSocketSubprotocol.choose(offered: ["graphql-transport-ws, graphql-ws"]) == .graphQLTransportWS)
        #expect(WebSocketSubprotocol.choose(offered: ["graphql-ws", "graphql-transport-ws"]) == .graphQLWS)
        #expect(WebSocketSubprotocol.choose(offered: ["chat, graphql-ws"]) == .graphQLWS)
        #expect(WebSocketSubprotocol.choose(offered: ["GRAPHQL-WS"]) == nil)
        #expect(WebSocketSubprotocol.choose(offered: ["chat", ""]) == nil)
        #expect(WebSocketSubprotocol.choose(offered: []) == nil)
    }

    @Test func idsAndMessagesAreEscaped() throws {
        let id = "a\"b\\c\n\u{1}"
        let text = WebSocketServerMessage.complete(id: id).text(for: .graphQLTransportWS)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["id"] as? String == id)
        let error = WebSocketServerMessage.connectionError(message: "bad \"thing\"").text(for: .graphQLWS)
        let payload = (try JSONSerialization.jsonObject(with: Data(error.utf8)) as? [String: Any])?["payload"] as? [String: Any]
        #expect(payload?["message"] as? String == "bad \"thing\"")
    }

    @Test func aResultIsNextOrDataByProtocol() {
        let result = Data(#"{"data":{"tripsBooked":1}}"#.utf8)
        #expect(WebSocketServerMessage.next(id: "1", result: result).text(for: .graphQLTransportWS) == #"{"type":"next","id":"1","payload":{"data":{"tripsBooked":1}}}"#)
        #expect(WebSocketServerMessage.next(id: "1", result: result).text(for: .graphQLWS) == #"{"type":"data","id":"1","payload":{"data":{"tripsBooked":1}}}"#)
    }

    @Test func legacyAndCurrentTypesAreNotMixed() throws {
        #expect(throws: WebSocketCloseReason.self) {
            try WebSocketClientMessage.decode(#"{"type":"start","id":"1","payload":{"query":"{ me { id } }"}}"#, subprotocol: .graphQLTransportWS)
        }
        #expect(throws: WebSocketCloseReason.self) {
            try WebSocketClientMessage.decode(#"{"type":"ping"}"#, subprotocol: .graphQLWS)
        }
        #expect(throws: WebSocketCloseReason.self) {
            try WebSocketClientMessage.decode(#"{"type":"connection_terminate"}"#, subprotocol: .graphQLTransportWS)
        }
    }

    @Test func closeReasonsFitACloseFrame() {
        let long = String(repeating: "é", count: 200)
        for reason in [WebSocketCloseReason.invalidMessage(long), .duplicateID(long), .subprotocolNotAcceptable, .initTimeout] {
            #expect(reason.reason.utf8.count <= 123)
        }
    }
}
