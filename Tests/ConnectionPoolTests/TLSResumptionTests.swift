import Foundation
import Transport
@testable import SocketTransport
import Testing
import TestSupport

/// New TLS connections to an origin resume the session of an earlier one.
@Suite("TLS session resumption", .timeLimit(.minutes(5)))
struct TLSResumptionTests {
    @Test func aSecondConnectionToTheSameOriginResumesTheSession() async throws {
        // Every answer closes its connection, so each request needs a new one.
        let server = try KeepAliveServer { _ in .answer(headers: ["Connection: close"]) }
        defer { server.stop() }
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        let session = SocketHTTPSession(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        for _ in 0..<3 {
            let response = try await session.send(ConnectionPoolTests.query(port: Int(front.port), scheme: "https"))
            #expect(response.statusCode == 200)
        }
        #expect(front.handshakes == 3)
        #expect(session.pool.statistics == ConnectionPool.Statistics(opened: 3, resumed: 2))
    }

    @Test func keptAliveTLSConnectionsNeedOneHandshake() async throws {
        let server = try KeepAliveServer { _ in .answer() }
        defer { server.stop() }
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        let session = SocketHTTPSession(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        for _ in 0..<22 {
            _ = try await session.send(ConnectionPoolTests.query(port: Int(front.port), scheme: "https"))
        }
        #expect(front.handshakes == 1)
        #expect(server.snapshot.accepted == 1)
        #expect(server.snapshot.requests.count == 22)
    }

    @Test func aSessionIsNeverOfferedToAnotherOrigin() async throws {
        let server = try KeepAliveServer { _ in .answer(headers: ["Connection: close"]) }
        defer { server.stop() }
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        let session = SocketHTTPSession(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        let byAddress = ConnectionPoolTests.query(port: Int(front.port), scheme: "https")
        var byName = byAddress
        byName.url = try #require(URL(string: "https://localhost:\(front.port)/graphql"))
        _ = try await session.send(byAddress)
        // The same server under another name is another origin: a full handshake.
        _ = try await session.send(byName)
        #expect(session.pool.statistics == ConnectionPool.Statistics(opened: 2, resumed: 0))
        // The server would have resumed it: the first origin's next connection does.
        _ = try await session.send(byAddress)
        #expect(session.pool.statistics == ConnectionPool.Statistics(opened: 3, resumed: 1))
    }
}

/// The pool's reuse rules over https: the same as over http, with TLS's own close.
@Suite("Connection pool over TLS", .timeLimit(.minutes(5)))
struct TLSConnectionPoolTests {
    private let session = SocketHTTPSession(tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))

    @Test func aQueryOnATLSConnectionTheServerDroppedIsSentAgain() async throws {
        let server = try KeepAliveServer { request in request.connection == 1 && request.index == 2 ? .closeWithoutAnswer : .answer() }
        defer { server.stop() }
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        _ = try await session.send(ConnectionPoolTests.query(port: Int(front.port), scheme: "https"))
        let response = try await session.send(ConnectionPoolTests.query(port: Int(front.port), scheme: "https"))
        #expect(response.statusCode == 200)
        #expect(server.snapshot.requests.map(\.connection) == [1, 1, 2])
        #expect(front.handshakes == 2)
    }

    @Test func aMutationOnATLSConnectionTheServerDroppedIsNotSentAgain() async throws {
        let server = try KeepAliveServer { request in request.connection == 1 && request.index == 2 ? .closeWithoutAnswer : .answer() }
        defer { server.stop() }
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        _ = try await session.send(ConnectionPoolTests.query(port: Int(front.port), scheme: "https"))
        var mutation = ConnectionPoolTests.mutation(port: Int(front.port))
        mutation.url = try #require(URL(string: "https://127.0.0.1:\(front.port)/graphql"))
        let error = await #expect(throws: HTTPTransportError.self) { try await session.send(mutation) }
        #expect(error?.kind == .connectionLost)
        #expect(server.snapshot.requests.filter(\.isMutation).count == 1)
        #expect(front.handshakes == 1)
    }

    @Test func aMutationAfterTheServerClosedAnIdleTLSConnectionIsSentOnceAndSucceeds() async throws {
        let server = try KeepAliveServer { request in request.isMutation ? .answer() : .answerThenClose() }
        defer { server.stop() }
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        _ = try await session.send(ConnectionPoolTests.query(port: Int(front.port), scheme: "https"))
        #expect(await server.wait { $0.closedByServer >= 1 })
        // The front passes the close on as TLS's close_notify; the test goes on once it has arrived.
        let origin = ConnectionOrigin(secure: true, host: "127.0.0.1", port: Int(front.port), proxy: nil)
        let idle = session.pool.idleConnections(origin)
        #expect(idle.count == 1)
        #expect(await ConnectionPoolTests.eventually { idle.allSatisfy { !$0.isReusable } })
        var mutation = ConnectionPoolTests.mutation(port: Int(front.port))
        mutation.url = try #require(URL(string: "https://127.0.0.1:\(front.port)/graphql"))
        #expect(try await session.send(mutation).statusCode == 200)
        #expect(server.snapshot.requests.filter(\.isMutation).count == 1)
        #expect(server.snapshot.accepted == 2)
    }
}

/// Connections through a proxy are kept alive too, per proxy.
@Suite("Connection pool through a proxy", .timeLimit(.minutes(5)))
struct ProxyConnectionPoolTests {
    @Test func httpsRequestsThroughAProxyShareOneTunnel() async throws {
        let server = try KeepAliveServer { _ in .answer() }
        defer { server.stop() }
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let session = SocketHTTPSession(
            tls: TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile), proxies: ProxyConfiguration(httpsProxy: URL(string: proxy.url))
        )
        for _ in 0..<3 {
            #expect(try await session.send(ConnectionPoolTests.query(port: Int(front.port), scheme: "https")).statusCode == 200)
        }
        #expect(proxy.requestHeads.count == 1)
        #expect(proxy.requestHeads.first?.hasPrefix("CONNECT 127.0.0.1:\(front.port) ") == true)
        #expect(front.handshakes == 1)
        #expect(server.snapshot.requests.count == 3)
    }

    @Test func httpRequestsThroughAProxyShareOneConnection() async throws {
        let server = try KeepAliveServer { _ in .answer() }
        defer { server.stop() }
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let session = SocketHTTPSession(proxies: ProxyConfiguration(httpProxy: URL(string: proxy.url)))
        for _ in 0..<3 {
            #expect(try await session.send(ConnectionPoolTests.query(port: server.port)).statusCode == 200)
        }
        #expect(proxy.requestHeads.count == 1)
        #expect(server.snapshot.accepted == 1)
        // Each request in absolute form, as a plain http proxy needs it.
        #expect(server.snapshot.requests.allSatisfy { $0.text.hasPrefix("POST http://127.0.0.1:\(server.port)/graphql HTTP/1.1\r\n") })
    }
}
