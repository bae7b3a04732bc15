import Foundation
import Transport
import SocketTransport
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A large message going out never stops the client from reading: a server that writes with
/// calls that wait until it is read (as simple servers and relays do) would otherwise wait for
/// the client while the client waits for it.
@Suite(.timeLimit(.minutes(5))) struct WebSocketFullDuplexTests {
    /// What the peer writes while the client writes its own message: 4 messages of 256 KiB.
    private static let peerMessages = 4
    private static let peerMessageBytes = 256 << 10
    /// The client's message: more than the socket buffers between the two hold while the peer
    /// does not read (4 MiB still fit on this machine's loopback, and the old loop got through).
    private static let clientMessageBytes = 8 << 20

    /// `count` bytes of a pattern that differs with `seed` and within every 4 KiB, built by
    /// whole blocks (cheap even in a debug build, so that the test holds no thread for long).
    private static func pattern(_ count: Int, seed: Int) -> [UInt8] {
        let block = (0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8 &+ seed) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + block.count)
        while bytes.count < count { bytes.append(contentsOf: block) }
        return Array(bytes.prefix(count))
    }

    private static func peerMessage(_ index: Int) -> [UInt8] { pattern(peerMessageBytes, seed: index) }

    private static let clientMessage = Data(pattern(clientMessageBytes, seed: 101))

    /// A peer with small socket buffers that, once the client's message has begun to arrive,
    /// writes all its own messages with writes that wait, and reads the client's message: after
    /// its writes, or (`duplex`) meanwhile, on a thread of its own. It returns the client's message.
    private func peer(duplex: Bool) throws -> (WebSocketTestPeer, PeerRun<[UInt8]>) {
        let peer = try WebSocketTestPeer(socketBufferBytes: 64 << 10)
        let run = peer.serve { connection -> [UInt8] in
            try connection.acceptUpgrade()
            guard connection.waitUntilReadable() else { throw PeerError("the client sent nothing") }
            let writes = PeerWrites()
            let write: @Sendable () -> Void = {
                writes.finish((0..<Self.peerMessages).allSatisfy { connection.trySend(PeerConnection.frame(2, Self.peerMessage($0))) })
            }
            var message: ClientFrame?
            if duplex {
                Thread.detachNewThread(write)
                message = try connection.readFrame(opcode: 2)
            } else {
                write()
            }
            guard writes.wait() else { throw PeerError("the client stopped reading while it wrote") }
            if message == nil { message = try connection.readFrame(opcode: 2) }
            connection.sendFrame(8, PeerConnection.closePayload(1000))
            _ = try connection.readFrame(opcode: 8)
            return message?.payload ?? []
        }
        return (peer, run)
    }

    /// Sends the client's message while receiving the peer's, then expects the peer's close.
    private func exchange(over connection: WebSocketConnection, message: Data) async throws {
        async let sent: Void = connection.send(binary: message)
        for index in 0..<Self.peerMessages {
            #expect(try await connection.receive() == .binary(Data(Self.peerMessage(index))))
        }
        try await sent
        #expect(try await connection.receive() == nil)
    }

    @Test(.timeLimit(.minutes(1))) func aServerThatWritesBeforeItReadsGetsReadWhileTheClientWrites() async throws {
        let message = Self.clientMessage
        let (peer, run) = try peer(duplex: false)
        let connection = try await WebSocketClient().connect(to: peer.url())
        try await exchange(over: connection, message: message)
        #expect(try await run.value == Array(Self.clientMessage))
    }

    @Test(.timeLimit(.minutes(1))) func overTLSBothDirectionsCarryEveryByteWhileWritesWait() async throws {
        let message = Self.clientMessage
        // The front relays each way with writes that wait, as the peer writes: the peer reads
        // while it writes, or the two would wait for each other.
        let (peer, run) = try peer(duplex: true)
        let front = try TLSFront(.forward(port: peer.port))
        let client = WebSocketClient(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        let connection = try await client.connect(to: URL(string: "wss://127.0.0.1:\(front.port)/duplex")!)
        try await exchange(over: connection, message: message)
        #expect(try await run.value == Array(Self.clientMessage))
        #expect(front.handshakes == 1)
    }
}

/// Whether the peer's writes all went, handed from its writing thread to its script.
private final class PeerWrites: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var allWent = false

    func finish(_ allWent: Bool) {
        self.allWent = allWent
        done.signal()
    }

    /// Waits for ``finish(_:)``; the semaphore orders the write before this read.
    func wait() -> Bool {
        done.wait()
        return allWent
    }
}
