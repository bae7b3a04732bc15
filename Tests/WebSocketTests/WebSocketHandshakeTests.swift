import Foundation
import Transport
import SocketTransport
import TestSupport
import Testing

/// The opening handshake against the loopback peer: what the client sends, and every way a
/// server's answer can fail to make a WebSocket.
@Suite(.timeLimit(.minutes(5))) struct WebSocketHandshakeTests {
    let client = WebSocketClient()

    @Test func requestCarriesTheUpgradeAndOnlyTheCallersHeaders() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection -> [(String, String)] in
            let headers = try connection.acceptUpgrade(subprotocol: "graphql-transport-ws")
            connection.sendFrame(8, PeerConnection.closePayload(1000))
            _ = try connection.readFrame(opcode: 8)
            return headers
        }
        let url = URL(string: "ws://127.0.0.1:\(peer.port)/graphql?x=1")!
        let connection = try await client.connect(
            to: url, subprotocols: ["graphql-transport-ws", "graphql-ws"],
            headers: [("Authorization", "Bearer secret-token"), ("X-Evil", "a\r\nInjected: yes"), ("Host", "other.invalid")]
        )
        #expect(connection.negotiatedSubprotocol == "graphql-transport-ws")
        #expect(try await connection.receive() == nil)
        let headers = try await run.value
        let names = headers.map { $0.0.lowercased() }
        #expect(names.sorted() == [
            "authorization", "connection", "host", "sec-websocket-key", "sec-websocket-protocol", "sec-websocket-version", "upgrade", "x-evil",
        ])
        let value = { (name: String) in headers.first { $0.0.lowercased() == name }?.1 }
        #expect(value("host") == "127.0.0.1:\(peer.port)")
        #expect(value("upgrade") == "websocket")
        #expect(value("connection") == "Upgrade")
        #expect(value("sec-websocket-version") == "13")
        #expect(value("sec-websocket-protocol") == "graphql-transport-ws, graphql-ws")
        #expect(value("authorization") == "Bearer secret-token")
        #expect(value("x-evil") == "aInjected: yes")
        #expect(Data(base64Encoded: value("sec-websocket-key") ?? "")?.count == 16)
    }

    @Test func aWrongAcceptKeyIsRefused() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade(accept: PeerConnection.accept(for: "dGhlIHNhbXBsZSBub25jZQ=="))
            return try connection.seesEndOfStream()
        }
        await #expect(throws: WebSocketError(.handshakeInvalid("Sec-WebSocket-Accept does not match the key sent"))) {
            try await client.connect(to: peer.url())
        }
        #expect(try await run.value)
    }

    @Test func aSubprotocolNotOfferedIsRefused() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade(subprotocol: "chat")
            return try connection.seesEndOfStream()
        }
        await #expect(throws: WebSocketError(.handshakeInvalid("the server picked a subprotocol the client did not offer"))) {
            try await client.connect(to: peer.url(), subprotocols: ["graphql-ws"])
        }
        #expect(try await run.value)
    }

    @Test func noSubprotocolChosenIsNil() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            return try connection.readFrame(opcode: 8).closeCode
        }
        let connection = try await client.connect(to: peer.url(), subprotocols: ["graphql-ws"])
        #expect(connection.negotiatedSubprotocol == nil)
        await connection.close()
        #expect(try await run.value == 1000)
    }

    @Test(arguments: [
        (["Sec-WebSocket-Extensions: permessage-deflate"], "the server uses an extension the client did not offer"),
        (["Sec-WebSocket-Protocol: graphql-ws, chat"], "the server picked a subprotocol the client did not offer"),
    ])
    func answersThatAddWhatWasNotOfferedAreRefused(extra: [String], reason: String) async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade(extra: extra)
            return try connection.seesEndOfStream()
        }
        await #expect(throws: WebSocketError(.handshakeInvalid(reason))) {
            try await client.connect(to: peer.url(), subprotocols: ["graphql-ws"])
        }
        #expect(try await run.value)
    }

    @Test(arguments: [
        ("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n", WebSocketError(.handshakeRefused(status: 401))),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", WebSocketError(.handshakeRefused(status: 200))),
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\nConnection: Upgrade\r\n\r\n",
         WebSocketError(.handshakeInvalid("the answer does not upgrade to websocket"))),
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n",
         WebSocketError(.handshakeInvalid("the answer's Connection header does not say upgrade"))),
    ])
    func answersThatAreNotAnUpgradeAreRefused(answer: String, error: WebSocketError) async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            _ = try connection.readRequest()
            connection.send(Array(answer.utf8))
            return try connection.seesEndOfStream()
        }
        await #expect(throws: error) { try await client.connect(to: peer.url()) }
        #expect(try await run.value)
    }

    @Test func anEndlessAnswerHeadIsBounded() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            _ = try connection.readRequest()
            connection.send(Array("HTTP/1.1 101 Switching Protocols\r\n".utf8))
            for _ in 0..<2_000 { connection.send(Array("X-Filler: \(String(repeating: "a", count: 100))\r\n".utf8)) }
            return try connection.seesEndOfStream()
        }
        let small = WebSocketClient(limits: WebSocketLimits(maximumHandshakeBytes: 4_096))
        await #expect(throws: HTTPTransportError.self) { try await small.connect(to: peer.url()) }
        #expect(try await run.value)
    }

    @Test func aSilentServerTimesOutTheHandshake() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            _ = try connection.readRequest()
            return try connection.seesEndOfStream()
        }
        await #expect(throws: HTTPTransportError(.timedOut)) {
            try await client.connect(to: peer.url(), timeout: .milliseconds(300))
        }
        #expect(try await run.value)
    }

    @Test func cancellingTheHandshakeClosesTheSocket() async throws {
        let peer = try WebSocketTestPeer()
        let requested = AsyncStream.makeStream(of: Void.self)
        let run = peer.serve { connection in
            // A peer that fails ends the stream too, so the test fails instead of waiting for ever.
            defer { requested.continuation.finish() }
            _ = try connection.readRequest()
            requested.continuation.yield()
            return try connection.seesEndOfStream()
        }
        let task = Task { try await client.connect(to: peer.url()) }
        for await _ in requested.stream { break }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await run.value)
    }

    @Test(arguments: ["http://127.0.0.1:1/", "ws://", "ws://exa mple.invalid/", "ws://127.0.0.1:70000/", "ws://127.0.0.1:1/#fragment"])
    func unsupportedURLsAreRefusedBeforeConnecting(text: String) async throws {
        // Foundation may refuse the one with a space itself: a refusal before connecting too.
        guard let url = URL(string: text) else { return #expect(text.contains(" "), "Foundation refused \(text)") }
        await #expect(throws: HTTPTransportError(.unsupportedURL)) { try await client.connect(to: url) }
    }

    @Test(arguments: [["a b"], [""], ["x", "x"], ["a,b"]])
    func badSubprotocolsAreRefusedBeforeConnecting(subprotocols: [String]) async throws {
        await #expect(throws: WebSocketError.self) {
            try await client.connect(to: URL(string: "ws://127.0.0.1:1/")!, subprotocols: subprotocols)
        }
    }

    @Test func aClosedPortIsRefusedAsForHTTP() async throws {
        // Bound and not listening for the whole test: a port merely released could be given to
        // another test's server meanwhile (tests run in parallel).
        let port = try #require(ClosedLoopbackPort.make())
        await #expect(throws: HTTPTransportError(.connectionRefused)) {
            try await client.connect(to: URL(string: "ws://127.0.0.1:\(port)/")!)
        }
    }
}
