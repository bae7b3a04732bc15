import Foundation
import Transport
import SocketTransport
import Testing

/// Messages, fragmentation, ping/pong and masking against the loopback peer.
@Suite(.timeLimit(.minutes(5))) struct WebSocketProtocolTests {
    let client = WebSocketClient()

    /// The peer echoes `count` messages, recording every frame's mask.
    private func echoPeer(_ count: Int) throws -> (WebSocketTestPeer, PeerRun<[ClientFrame]>) {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            var frames: [ClientFrame] = []
            for _ in 0..<count {
                let frame = try connection.readFrame()
                frames.append(frame)
                connection.sendFrame(frame.opcode, frame.payload)
            }
            connection.sendFrame(8, PeerConnection.closePayload(1000))
            _ = try connection.readFrame(opcode: 8)
            return frames
        }
        return (peer, run)
    }

    @Test func echoesTextAndBinaryOfEverySizeClassWithAFreshMaskPerFrame() async throws {
        let sizes = [0, 1, 125, 126, 65_535, 65_536, 1 << 20]
        let (peer, run) = try echoPeer(sizes.count * 2)
        let connection = try await client.connect(to: peer.url())
        for size in sizes {
            let text = String(repeating: "ä", count: size / 2) + String(repeating: "x", count: size % 2)
            try await connection.send(text: text)
            #expect(try await connection.receive() == .text(text))
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try await connection.send(binary: bytes)
            #expect(try await connection.receive() == .binary(bytes))
        }
        #expect(try await connection.receive() == nil)
        let frames = try await run.value
        #expect(frames.allSatisfy { $0.mask != nil && $0.fin })
        #expect(Set(frames.compactMap(\.mask)).count == frames.count)
    }

    @Test func fragmentsAreJoinedWithPingsBetweenAndACharacterSplitAcrossThem() async throws {
        let peer = try WebSocketTestPeer()
        let euro = Array("€".utf8)
        let run = peer.serve { connection -> [UInt8] in
            try connection.acceptUpgrade()
            connection.sendFrame(1, Array("price: ".utf8) + [euro[0]], fin: false)
            connection.sendFrame(9, Array("are you there".utf8))
            connection.sendFrame(0, [euro[1]], fin: false)
            connection.sendFrame(10, Array("unsolicited".utf8))
            connection.sendFrame(0, [euro[2]] + Array("5".utf8), fin: true)
            connection.sendFrame(2, [1, 2], fin: false)
            connection.sendFrame(0, [], fin: false)
            connection.sendFrame(0, [3], fin: true)
            let pong = try connection.readFrame()
            #expect(pong.opcode == 10)
            #expect(pong.mask != nil)
            connection.sendFrame(8, PeerConnection.closePayload(1000))
            _ = try connection.readFrame(opcode: 8)
            return pong.payload
        }
        let connection = try await client.connect(to: peer.url())
        #expect(try await connection.receive() == .text("price: €5"))
        #expect(try await connection.receive() == .binary(Data([1, 2, 3])))
        #expect(try await connection.receive() == nil)
        #expect(try await run.value == Array("are you there".utf8))
    }

    @Test func framesInTheSameSegmentAsTheHandshakeAreKept() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade(thenSend: PeerConnection.frame(1, Array("first".utf8)) + PeerConnection.frame(8, PeerConnection.closePayload(1000)))
            return try connection.readFrame(opcode: 8).closeCode
        }
        let connection = try await client.connect(to: peer.url())
        #expect(try await connection.receive() == .text("first"))
        #expect(try await connection.receive() == nil)
        #expect(try await run.value == 1000)
    }

    @Test func messagesIterateAsAnAsyncSequence() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            for index in 0..<100 { connection.sendFrame(1, Array("message \(index)".utf8)) }
            connection.sendFrame(8, PeerConnection.closePayload(1000))
            return try connection.readFrame(opcode: 8).closeCode
        }
        // A queue of 4: the connection stops reading while the consumer is behind, and loses nothing.
        let connection = try await WebSocketClient(limits: WebSocketLimits(maximumQueuedMessages: 4)).connect(to: peer.url())
        var received: [WebSocketMessage] = []
        for try await message in connection.messages { received.append(message) }
        #expect(received == (0..<100).map { .text("message \($0)") })
        #expect(try await run.value == 1000)
    }

    @Test func pingsSentByTheClientReachThePeer() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            let ping = try connection.readFrame()
            connection.sendFrame(10, ping.payload)
            connection.sendFrame(8, PeerConnection.closePayload(1000))
            _ = try connection.readFrame(opcode: 8)
            return ping
        }
        let connection = try await client.connect(to: peer.url())
        try await connection.ping(Data("beat".utf8))
        #expect(try await connection.receive() == nil)
        let ping = try await run.value
        #expect(ping.opcode == 9)
        #expect(ping.text == "beat")
    }

    @Test func sendingAfterCloseIsRefused() async throws {
        let (peer, run) = try echoPeer(0)
        let connection = try await client.connect(to: peer.url())
        #expect(try await connection.receive() == nil)
        await #expect(throws: WebSocketError(.notOpen)) { try await connection.send(text: "late") }
        _ = try await run.value
        #expect(connection.isClosed)
    }
}

/// A server that sends its last messages and its close, then hangs up at once, while the
/// consumer is behind: nothing it sent is lost.
@Suite(.timeLimit(.minutes(5))) struct WebSocketSlowConsumerTests {
    @Test func messagesBeforeAHangUpReachASlowConsumer() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            for index in 0..<40 { connection.sendFrame(1, Array("last words \(index)".utf8)) }
            connection.sendFrame(8, PeerConnection.closePayload(1000))
        }
        let connection = try await WebSocketClient(limits: WebSocketLimits(maximumQueuedMessages: 2)).connect(to: peer.url())
        try await run.value  // the peer has hung up before the consumer takes anything
        var received: [WebSocketMessage] = []
        while let message = try await connection.receive() { received.append(message) }
        #expect(received == (0..<40).map { .text("last words \($0)") })
    }

    @Test func aHangUpWithoutACloseStillDeliversWhatCameBefore() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            for index in 0..<10 { connection.sendFrame(2, [UInt8(index)]) }
        }
        let connection = try await WebSocketClient(limits: WebSocketLimits(maximumQueuedMessages: 1)).connect(to: peer.url())
        try await run.value
        var received: [WebSocketMessage] = []
        await #expect(throws: WebSocketError(.connectionLost)) {
            while let message = try await connection.receive() { received.append(message) }
        }
        #expect(received == (0..<10).map { .binary(Data([UInt8($0)])) })
    }
}
