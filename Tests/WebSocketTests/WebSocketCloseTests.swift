import Foundation
import Transport
import SocketTransport
import Testing

/// The close handshake, its codes, a hostile server's frames, and what stopping the consumer does.
@Suite(.timeLimit(.minutes(5))) struct WebSocketCloseTests {
    let client = WebSocketClient(limits: WebSocketLimits(maximumMessageBytes: 1_000, closeTimeout: .milliseconds(500)))

    /// What the peer saw after playing `frames`: the client's close frame (if any), then whether the stream ended.
    struct Seen: Sendable {
        var close: ClientFrame?
        var endOfStream: Bool
    }

    private func hostile(_ frames: [UInt8]) throws -> (WebSocketTestPeer, PeerRun<Seen>) {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            connection.send(frames)
            let close = try? connection.readFrame(opcode: 8)
            return Seen(close: close, endOfStream: try connection.seesEndOfStream())
        }
        return (peer, run)
    }

    /// A server's input that breaks RFC 6455, the code the client must close with, and its reason.
    static let violations: [([UInt8], UInt16, String)] = [
        (PeerConnection.frame(1, Array("hi".utf8), mask: [9, 8, 7, 6]), 1002, "a masked frame from the server"),
        (PeerConnection.frame(1, Array("hi".utf8), rsv: 4), 1002, "a frame with reserved bits set"),
        (PeerConnection.frame(5, []), 1002, "a frame with the unknown opcode 5"),
        (PeerConnection.frame(9, [UInt8](repeating: 1, count: 126)), 1002, "a control frame over 125 bytes"),
        (PeerConnection.frame(9, [1], fin: false), 1002, "a fragmented control frame"),
        (PeerConnection.frame(0, [1]), 1002, "a continuation frame outside a fragmented message"),
        (PeerConnection.frame(1, [0x61], fin: false) + PeerConnection.frame(2, [1]), 1002, "a new message inside a fragmented one"),
        (PeerConnection.frame(1, [0x61, 0xFF]), 1007, "a text message that is not UTF-8"),
        (PeerConnection.frame(1, [0xE2, 0x82], fin: false) + PeerConnection.frame(0, [0x41]), 1007, "a text message that is not UTF-8"),
        (PeerConnection.frame(1, [0xED, 0xA0, 0x80]), 1007, "a text message that is not UTF-8"),
        (PeerConnection.frame(2, [UInt8](repeating: 0, count: 1_001)), 1009, "a message over 1000 bytes"),
        (PeerConnection.frame(2, [UInt8](repeating: 0, count: 600), fin: false) + PeerConnection.frame(0, [UInt8](repeating: 0, count: 600)),
         1009, "a message over 1000 bytes"),
        // Announces 1 GiB and sends none of it: refused from the header alone.
        ([0x82, 127, 0, 0, 0, 0, 0x40, 0, 0, 0], 1009, "a message over 1000 bytes"),
        ([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0], 1002, "a frame length with its top bit set"),
        ([0x82, 126, 0, 10] + [UInt8](repeating: 0, count: 10), 1002, "a frame length not in its shortest form"),
        (PeerConnection.frame(8, [3]), 1002, "a close frame of one byte"),
        (PeerConnection.frame(8, PeerConnection.closePayload(1005)), 1002, "a close frame with the code 1005"),
        (PeerConnection.frame(8, PeerConnection.closePayload(999)), 1002, "a close frame with the code 999"),
        (PeerConnection.frame(8, PeerConnection.closePayload(2999)), 1002, "a close frame with the code 2999"),
        (PeerConnection.frame(8, PeerConnection.closePayload(1000) + [0xC0, 0x80]), 1007, "a close reason that is not UTF-8"),
    ]

    @Test(arguments: violations)
    func aServerThatBreaksTheProtocolGetsTheRightCloseCode(frames: [UInt8], code: UInt16, reason: String) async throws {
        let (peer, run) = try hostile(frames)
        let connection = try await client.connect(to: peer.url())
        await #expect(throws: WebSocketError(.protocolViolation(code: WebSocketCloseCode(rawValue: code), reason: reason))) {
            while try await connection.receive() != nil {}
        }
        let seen = try await run.value
        #expect(seen.close?.closeCode == code)
        #expect(seen.close?.mask != nil)
        #expect(seen.endOfStream)
        await #expect(throws: WebSocketError(.notOpen)) { try await connection.send(text: "after") }
    }

    @Test(arguments: [
        (PeerConnection.closePayload(1000, "done"), nil as WebSocketError?, UInt16(1000)),
        ([], nil, 1000),
        (PeerConnection.closePayload(1001), WebSocketError(.closedByServer(code: .goingAway, reason: "")), 1001),
        (PeerConnection.closePayload(1011, "oops"), WebSocketError(.closedByServer(code: .internalError, reason: "oops")), 1011),
        (PeerConnection.closePayload(4403, "forbidden"), WebSocketError(.closedByServer(code: WebSocketCloseCode(rawValue: 4403), reason: "forbidden")), 4403),
    ] as [([UInt8], WebSocketError?, UInt16)])
    func theServersCloseIsAnsweredWithItsCode(payload: [UInt8], error: WebSocketError?, echoed: UInt16) async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            connection.sendFrame(1, Array("before".utf8))
            connection.sendFrame(8, payload)
            // Anything after the close is ignored.
            connection.sendFrame(1, Array("after".utf8))
            return try connection.readFrame(opcode: 8)
        }
        let connection = try await client.connect(to: peer.url())
        #expect(try await connection.receive() == .text("before"))
        if let error {
            await #expect(throws: error) { try await connection.receive() }
            #expect(error.closeCode?.rawValue == echoed)
        } else {
            #expect(try await connection.receive() == nil)
        }
        let answer = try await run.value
        #expect(payload.isEmpty ? answer.payload.isEmpty : answer.closeCode == echoed)
    }

    @Test func theClientsCloseSendsItsCodeAndReasonAndWaitsForTheAnswer() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            let close = try connection.readFrame(opcode: 8)
            connection.sendFrame(8, close.payload)
            return close
        }
        let connection = try await client.connect(to: peer.url())
        await connection.close(code: .goingAway, reason: "bye")
        #expect(connection.isClosed)
        let close = try await run.value
        #expect(close.closeCode == 1001)
        #expect(String(decoding: close.payload.dropFirst(2), as: UTF8.self) == "bye")
        #expect(try await connection.receive() == nil)
    }

    @Test func aServerThatNeverAnswersTheCloseIsDroppedAfterTheTimeout() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            _ = try connection.readFrame(opcode: 8)
            return try connection.seesEndOfStream()
        }
        let connection = try await client.connect(to: peer.url())
        await connection.close()
        #expect(connection.isClosed)
        #expect(try await run.value)
    }

    @Test func aServerThatVanishesIsAConnectionLost() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            connection.sendFrame(1, Array("partial".utf8), fin: false)
        }
        let connection = try await client.connect(to: peer.url())
        try await run.value
        await #expect(throws: WebSocketError(.connectionLost)) { try await connection.receive() }
        #expect(WebSocketError(.connectionLost).closeCode == .abnormalClosure)
    }

    @Test func cancellingTheConsumerClosesTheSocket() async throws {
        let peer = try WebSocketTestPeer()
        let listening = AsyncStream.makeStream(of: Void.self)
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            connection.sendFrame(1, Array("one".utf8))
            let close = try connection.readFrame(opcode: 8)
            return Seen(close: close, endOfStream: try connection.seesEndOfStream())
        }
        let connection = try await client.connect(to: peer.url())
        let consumer = Task {
            // A consumer that fails ends the stream too, so the test fails instead of waiting for ever.
            defer { listening.continuation.finish() }
            var count = 0
            for try await _ in connection.messages {
                count += 1
                listening.continuation.yield()
            }
            return count
        }
        for await _ in listening.stream { break }
        consumer.cancel()
        await #expect(throws: CancellationError.self) { try await consumer.value }
        let seen = try await run.value
        #expect(seen.close?.closeCode == 1001)
        #expect(seen.endOfStream)
    }

    @Test func droppingTheConnectionClosesTheSocket() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            let close = try connection.readFrame(opcode: 8)
            return Seen(close: close, endOfStream: try connection.seesEndOfStream())
        }
        var connection: WebSocketConnection? = try await client.connect(to: peer.url())
        #expect(connection?.subprotocol == nil)
        connection = nil
        let seen = try await run.value
        #expect(seen.close?.closeCode == 1001)
        #expect(seen.endOfStream)
    }
}

/// A server that floods the client and reads nothing, so that the client's writes (its pongs)
/// block: stopping the consumer still ends the connection, within the close timeout.
@Suite(.timeLimit(.minutes(5))) struct WebSocketStuckServerTests {
    @Test func cancellingEndsAConnectionWhoseWritesAreStuck() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection -> Int in
            try connection.acceptUpgrade()
            connection.sendFrame(1, Array("start".utf8))
            // Pings until the client is gone; it answers each, and its answers are never read.
            var sent = 0
            while connection.trySend(PeerConnection.frame(9, [UInt8](repeating: 7, count: 125))) { sent += 1 }
            return sent
        }
        let client = WebSocketClient(limits: WebSocketLimits(closeTimeout: .milliseconds(200)))
        let connection = try await client.connect(to: peer.url())
        let started = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            defer { started.continuation.finish() }
            for try await _ in connection.messages { started.continuation.yield() }
        }
        for await _ in started.stream { break }
        consumer.cancel()
        await #expect(throws: CancellationError.self) { try await consumer.value }
        // The peer's flood ends when the client's socket closes.
        #expect(try await run.value > 0)
        await connection.close()
        #expect(connection.isClosed)
    }

    @Test(.enabled(if: WebSocketTestPeer.hasIPv6Loopback, "no ::1 here"))
    func webSocketsWorkOverIPv6() async throws {
        let peer = try WebSocketTestPeer(ipv6: true)
        let run = peer.serve { connection in
            let headers = try connection.acceptUpgrade()
            connection.sendFrame(1, Array("v6".utf8))
            connection.sendFrame(8, PeerConnection.closePayload(1000))
            _ = try connection.readFrame(opcode: 8)
            return headers.first { $0.0 == "Host" }?.1
        }
        let connection = try await WebSocketClient().connect(to: peer.url())
        #expect(try await connection.receive() == .text("v6"))
        #expect(try await connection.receive() == nil)
        #expect(try await run.value == "[::1]:\(peer.port)")
    }
}

/// A send stuck on a server that reads nothing ends when its task is cancelled.
@Suite(.timeLimit(.minutes(5))) struct WebSocketStuckSendTests {
    @Test func cancellingAStuckSendClosesTheConnection() async throws {
        let peer = try WebSocketTestPeer()
        let released = DispatchSemaphore(value: 0)
        let writing = AsyncStream.makeStream(of: Bool.self)
        let run = peer.serve { connection in
            defer { writing.continuation.finish() }
            try connection.acceptUpgrade()
            // The frame's first bytes have arrived; nothing is read until the test has seen the send end.
            writing.continuation.yield(connection.waitUntilReadable())
            released.wait()
            return try connection.seesEndOfStream()
        }
        let client = WebSocketClient(limits: WebSocketLimits(closeTimeout: .milliseconds(200)))
        let connection = try await client.connect(to: peer.url())
        // 32 MiB: more than the socket buffers hold, so the write cannot finish while the peer does not read.
        let sender = Task { try await connection.send(binary: Data(count: 32 << 20)) }
        var started = false
        for await arrived in writing.stream {
            started = arrived
            break
        }
        #expect(started)
        sender.cancel()
        await #expect(throws: (any Error).self) { try await sender.value }
        released.signal()
        #expect(try await run.value)
        await connection.close()
        #expect(connection.isClosed)
    }
}
