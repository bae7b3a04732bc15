import Foundation
import Transport
import SocketTransport
import TestSupport
import Testing

/// wss:// and proxies against the loopback peer: the same TLS and proxy rules as https.
@Suite(.timeLimit(.minutes(5))) struct WebSocketRouteTests {
    private func closingPeer() throws -> (WebSocketTestPeer, PeerRun<UInt16?>) {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
            connection.sendFrame(1, Array("hello over tls".utf8))
            connection.sendFrame(8, PeerConnection.closePayload(1000))
            return try connection.readFrame(opcode: 8).closeCode
        }
        return (peer, run)
    }

    @Test func wssThroughAConnectProxyWithTheTestCA() async throws {
        let (peer, run) = try closingPeer()
        let front = try TLSFront(.forward(port: peer.port))
        let proxy = try ConnectProxy()
        let client = WebSocketClient(
            tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile),
            proxies: ProxyConfiguration(httpsProxy: URL(string: proxy.url)!)
        )
        let connection = try await client.connect(to: URL(string: "wss://127.0.0.1:\(front.port)/live")!, headers: [("Authorization", "Bearer secret")])
        #expect(try await connection.receive() == .text("hello over tls"))
        #expect(try await connection.receive() == nil)
        #expect(try await run.value == 1000)
        #expect(proxy.requestHeads.first?.hasPrefix("CONNECT 127.0.0.1:\(front.port) HTTP/1.1") == true)
        // The proxy saw only TLS after CONNECT: never the token.
        #expect(proxy.received.range(of: Data("secret".utf8)) == nil)
        #expect(front.received.range(of: Data("Bearer secret".utf8)) != nil)
    }

    @Test func wssRefusesAnUntrustedCertificateBeforeSendingAnything() async throws {
        let front = try TLSFront(.forward(port: 9), certificate: .selfSigned)
        await #expect {
            try await WebSocketClient(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
                .connect(to: URL(string: "wss://127.0.0.1:\(front.port)/")!)
        } throws: { error in
            guard let error = error as? HTTPTransportError, case .tlsCertificate = error.kind else { return false }
            return true
        }
        #expect(front.received.isEmpty)
    }

    @Test func noProxyIsHonouredForWebSockets() async throws {
        let (peer, run) = try closingPeer()
        let proxy = try ConnectProxy(refuseWith: 403)
        let proxies = ProxyConfiguration(httpProxy: URL(string: proxy.url)!, noProxy: ["127.0.0.1"])
        let connection = try await WebSocketClient(proxies: proxies).connect(to: peer.url())
        #expect(try await connection.receive() == .text("hello over tls"))
        #expect(try await connection.receive() == nil)
        #expect(try await run.value == 1000)
        #expect(proxy.requestHeads.isEmpty)
    }

    @Test func aProxyThatRefusesIsAProxyFailure() async throws {
        let proxy = try ConnectProxy(refuseWith: 407)
        let proxies = ProxyConfiguration(httpProxy: URL(string: proxy.url)!)
        await #expect(throws: HTTPTransportError(.proxyFailed(proxy: proxy.url, reason: "it answered CONNECT with HTTP 407"))) {
            try await WebSocketClient(proxies: proxies).connect(to: URL(string: "ws://127.0.0.1:9/")!)
        }
    }
}

/// Writing to a wss connection the server has dropped: an error for the caller, never a
/// SIGPIPE for the process (OpenSSL writes with plain `write`, which raises it).
@Suite(.timeLimit(.minutes(5))) struct WebSocketBrokenPipeTests {
    @Test func sendingOnADroppedTLSConnectionFailsWithoutKillingTheProcess() async throws {
        let peer = try WebSocketTestPeer()
        let run = peer.serve { connection in
            try connection.acceptUpgrade()
        }
        let front = try TLSFront(.forward(port: peer.port))
        let client = WebSocketClient(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        let connection = try await client.connect(to: URL(string: "wss://127.0.0.1:\(front.port)/")!)
        _ = try await run.value
        // The front relays the peer's hang-up; writes then meet a reset connection.
        var failed = false
        for _ in 0..<200 where !failed {
            do { try await connection.send(binary: Data(count: 16_384)) } catch { failed = true }
        }
        #expect(failed)
        await #expect(throws: WebSocketError.self) { while try await connection.receive() != nil {} }
    }
}
