import Foundation
import Transport
import SocketTransport
import TestSupport
import Testing

/// The client against a third-party server, Python's `websockets`: echo from 0 bytes to 1 MiB,
/// fragments, ping/pong, close codes, the size limit, wss with the test CA (through TLSFront)
/// and ws through a CONNECT proxy.
@Suite(.enabled(if: WebSocketsPeer.python != nil, WebSocketsPeer.unavailableNote), .timeLimit(.minutes(5)))
struct WebSocketInteropTests {
    let client = WebSocketClient()

    @Test func echoesEverySizeFromZeroToOneMebibyte() async throws {
        let peer = try await WebSocketsPeer()
        let connection = try await client.connect(to: peer.url("echo"), subprotocols: ["graphql-transport-ws"])
        #expect(connection.negotiatedSubprotocol == "graphql-transport-ws")
        for size in [0, 1, 125, 126, 127, 65_535, 65_536, 65_537, 1 << 20] {
            let text = String(repeating: "ü", count: size / 2) + String(repeating: "!", count: size % 2)
            try await connection.send(text: text)
            #expect(try await connection.receive() == .text(text))
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13) })
            try await connection.send(binary: bytes)
            #expect(try await connection.receive() == .binary(bytes))
        }
        await connection.close()
        #expect(connection.isClosed)
        #expect(try await connection.receive() == nil)
    }

    @Test func fiftyOpenConnectionsAddAtMostSixteenThreads() async throws {
        let peer = try await WebSocketsPeer()
        let threads = { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0 }
        let before = threads()
        var connections: [WebSocketConnection] = []
        for _ in 0..<50 { connections.append(try await client.connect(to: peer.url("echo"))) }
        // Every connection open and in use at once: a thread per connection would show 50 more.
        let echoed = try await withThrowingTaskGroup(of: Bool.self) { group in
            for (index, connection) in connections.enumerated() {
                group.addTask {
                    try await connection.send(text: "message \(index)")
                    return try await connection.receive() == .text("message \(index)")
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let during = threads()
        #expect(echoed == 50)
        // (Other suites run meanwhile, hence the margin.)
        #expect(during - before <= 16, "threads went from \(before) to \(during)")
        for connection in connections { await connection.close() }
        let closed = connections.filter { $0.isClosed }.count
        #expect(closed == 50)
    }

    @Test func fragmentedMessagesAreJoined() async throws {
        let peer = try await WebSocketsPeer()
        let connection = try await client.connect(to: peer.url("fragments"))
        #expect(try await connection.receive() == .text("fragmented tëxt"))
        #expect(try await connection.receive() == .binary(Data([1, 2, 3])))
        await connection.close()
    }

    @Test func theServersPingIsAnswered() async throws {
        let peer = try await WebSocketsPeer()
        let connection = try await client.connect(to: peer.url("ping"))
        #expect(try await connection.receive() == .text("pong received"))
        try await connection.ping(Data("client ping".utf8))
        try await connection.send(text: "still here")
        #expect(try await connection.receive() == .text("still here"))
        await connection.close()
    }

    @Test(arguments: [1000, 1001, 1011, 4000])
    func theServersCloseCodeReachesTheConsumer(code: UInt16) async throws {
        let peer = try await WebSocketsPeer()
        let connection = try await client.connect(to: peer.url("close/\(code)"))
        if code == 1000 {
            #expect(try await connection.receive() == nil)
        } else {
            await #expect(throws: WebSocketError(.closedByServer(code: WebSocketCloseCode(rawValue: code), reason: "bye"))) {
                try await connection.receive()
            }
        }
        #expect(connection.isClosed)
    }

    @Test func aMessageOverTheLimitClosesWith1009() async throws {
        let peer = try await WebSocketsPeer()
        let small = WebSocketClient(limits: WebSocketLimits(maximumMessageBytes: 1_000))
        let connection = try await small.connect(to: peer.url("size/1001"))
        await #expect(throws: WebSocketError(.protocolViolation(code: .messageTooBig, reason: "a message over 1000 bytes"))) {
            try await connection.receive()
        }
        let fits = try await small.connect(to: peer.url("size/1000"))
        #expect(try await fits.receive() == .binary(Data(count: 1_000)))
        await fits.close()
    }

    @Test func wssWithTheTestCA() async throws {
        let peer = try await WebSocketsPeer()
        let front = try TLSFront(.forward(port: UInt16(peer.port)))
        let url = URL(string: "wss://127.0.0.1:\(front.port)/echo")!
        let trusted = WebSocketClient(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        let connection = try await trusted.connect(to: url)
        let big = String(repeating: "s", count: 200_000)
        try await connection.send(text: big)
        #expect(try await connection.receive() == .text(big))
        await connection.close()
        #expect(front.handshakes == 1)
        // Without the CA the certificate is refused, as for https, and nothing is sent.
        front.clearRecords()
        await #expect(throws: HTTPTransportError.self) { try await WebSocketClient().connect(to: url) }
        #expect(front.received.isEmpty)
    }

    @Test func wsThroughAConnectProxy() async throws {
        let peer = try await WebSocketsPeer()
        let proxy = try ConnectProxy()
        let proxies = ProxyConfiguration(httpProxy: URL(string: "http://user:pass@127.0.0.1:\(proxy.port)")!)
        let connection = try await WebSocketClient(proxies: proxies).connect(to: peer.url("echo"), headers: [("Authorization", "Bearer t")])
        try await connection.send(text: "through the tunnel")
        #expect(try await connection.receive() == .text("through the tunnel"))
        await connection.close()
        let head = try #require(proxy.requestHeads.first)
        #expect(head.hasPrefix("CONNECT 127.0.0.1:\(peer.port) HTTP/1.1\r\n"))
        #expect(head.contains("Proxy-Authorization: Basic dXNlcjpwYXNz"))
        // The caller's credentials go to the server only, inside the tunnel (ws: in clear, after CONNECT).
        #expect(!head.contains("Bearer"))
    }
}

/// Python websockets made to break the protocol (raw frames written past its own checks, a
/// wrong accept key): the client refuses each with the right code.
@Suite(.enabled(if: WebSocketsPeer.python != nil, WebSocketsPeer.unavailableNote), .timeLimit(.minutes(5)))
struct WebSocketInteropViolationTests {
    @Test(arguments: [
        ("ping-126", WebSocketError(.protocolViolation(code: .protocolError, reason: "a control frame over 125 bytes"))),
        ("bad-utf8", WebSocketError(.protocolViolation(code: .invalidFramePayloadData, reason: "a text message that is not UTF-8"))),
        ("masked", WebSocketError(.protocolViolation(code: .protocolError, reason: "a masked frame from the server"))),
        ("reserved-bit", WebSocketError(.protocolViolation(code: .protocolError, reason: "a frame with reserved bits set"))),
        ("opcode-3", WebSocketError(.protocolViolation(code: .protocolError, reason: "a frame with the unknown opcode 3"))),
    ])
    func rawViolationsAreRefused(name: String, error: WebSocketError) async throws {
        let peer = try await WebSocketsPeer()
        let connection = try await WebSocketClient().connect(to: peer.url("raw/\(name)"))
        await #expect(throws: error) { try await connection.receive() }
        #expect(connection.isClosed)
    }

    @Test func aWrongAcceptKeyIsRefused() async throws {
        let peer = try await WebSocketsPeer()
        await #expect(throws: WebSocketError(.handshakeInvalid("Sec-WebSocket-Accept does not match the key sent"))) {
            try await WebSocketClient().connect(to: peer.url("bad-accept"))
        }
    }
}
