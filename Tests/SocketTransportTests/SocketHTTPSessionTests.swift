import Foundation
import GraphQLClientFixtures
import GraphQLTestDoubles
import Transport
import SocketTransport
import Testing

/// The socket transport against a server in this process on a loopback port.
@Suite(.timeLimit(.minutes(5)))
struct SocketHTTPSessionTests {
    private let session = SocketHTTPSession()

    private func request(port: Int, timeout: Duration = .seconds(10), host: String = "127.0.0.1") -> HTTPRequest {
        let url = URL(string: "http://\(host):\(port)/graphql")
        return HTTPRequest(
            url: url ?? ClientFixtures.endpoint,
            headers: ["Authorization": "tok-1", "Accept": "application/json"],
            body: Data(#"{"query":"{ a }"}"#.utf8),
            timeout: timeout
        )
    }

    private func failure(_ request: HTTPRequest) async -> HTTPTransportError.Kind? {
        await ClientFixtures.transportFailure(session, request)
    }

    @Test func readsAContentLengthAnswerAndSendsTheRequest() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 201, body: "{\"ok\":true}"))
        defer { server.stop() }
        let response = try await session.send(request(port: server.port))
        #expect(response.statusCode == 201)
        #expect(response.body == Data("{\"ok\":true}".utf8))
        #expect(response.headers["Content-Type"] == "application/json")
        let sent = try #require(server.requests.first)
        #expect(sent.hasPrefix("POST /graphql HTTP/1.1\r\n"))
        #expect(sent.contains("\r\nHost: 127.0.0.1:\(server.port)\r\n"))
        #expect(sent.contains("\r\nAuthorization: tok-1\r\n"))
        #expect(sent.contains("\r\nContent-Length: 17\r\n"))
        // HTTP/1.1's default: the connection is kept for the next request.
        #expect(!sent.lowercased().contains("\r\nconnection:"))
        #expect(sent.hasSuffix("\r\n\r\n{\"query\":\"{ a }\"}"))
    }

    /// A token from a server's login answer is sent as a header: a CR, an LF, the pair "\r\n"
    /// (one Character) or a NUL in it must never end the line, and a header name that is not a
    /// token is left out, so no value can add a header of its own.
    @Test(arguments: ["tok\r\nInjected: yes", "tok\rInjected: yes", "tok\nInjected: yes", "tok\r\n\r\nInjected: yes", "tok\u{0}\r\nInjected: yes"])
    func aHeaderValueNeverAddsAHeader(_ token: String) async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: "{}"))
        defer { server.stop() }
        var sent = request(port: server.port)
        sent.headers["Authorization"] = token
        sent.headers["X-Bad\r\nInjected"] = "yes"
        _ = try await session.send(sent)
        let text = try #require(server.requests.first)
        let lines = text.components(separatedBy: "\r\n")
        #expect(!lines.contains { $0.hasPrefix("Injected") }, "\(lines)")
        #expect(lines.contains("Authorization: tokInjected: yes"), "\(lines)")
    }

    @Test func readsAChunkedAnswer() async throws {
        let answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;x=y\r\n world\r\n0\r\nTrailer: t\r\n\r\n"
        let server = try LoopbackHTTPServer(.raw(Data(answer.utf8)))
        defer { server.stop() }
        let response = try await session.send(request(port: server.port))
        #expect(response.body == Data("hello world".utf8))
    }

    @Test func readsAnAnswerDelimitedByClose() async throws {
        let server = try LoopbackHTTPServer(.raw(Data("HTTP/1.1 200 OK\r\nX-A: 1\r\nX-A: 2\r\n\r\nuntil close".utf8)))
        defer { server.stop() }
        let response = try await session.send(request(port: server.port))
        #expect(response.body == Data("until close".utf8))
        #expect(response.headers["X-A"] == "1, 2")
    }

    @Test func readsATwentyMegabyteBody() async throws {
        let body = String(repeating: "x", count: 20 << 20)
        let server = try LoopbackHTTPServer(.respond(status: 200, body: body))
        defer { server.stop() }
        let response = try await session.send(request(port: server.port))
        #expect(response.body.count == 20 << 20)
    }

    @Test func closedPortIsRefused() async throws {
        #expect(await failure(request(port: try LoopbackHTTPServer.closedPort())) == .connectionRefused)
    }

    @Test func resetMidBodyIsConnectionLost() async throws {
        let server = try LoopbackHTTPServer(.resetAfter(Data("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc".utf8)))
        defer { server.stop() }
        #expect(await failure(request(port: server.port)) == .connectionLost)
    }

    @Test func truncatedBodyIsConnectionLost() async throws {
        let server = try LoopbackHTTPServer(.raw(Data("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc".utf8)))
        defer { server.stop() }
        #expect(await failure(request(port: server.port)) == .connectionLost)
    }

    @Test func closeWithoutAnswerIsConnectionLost() async throws {
        let server = try LoopbackHTTPServer(.raw(Data()))
        defer { server.stop() }
        #expect(await failure(request(port: server.port)) == .connectionLost)
    }

    @Test func oversizedHeadIsMalformed() async throws {
        let head = "HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "y", count: 70_000))\r\n\r\n"
        let server = try LoopbackHTTPServer(.raw(Data(head.utf8)))
        defer { server.stop() }
        #expect(await failure(request(port: server.port)) == .malformedResponse("a response head over 64 KiB"))
    }

    // A timeout that never fired would hang: the time limit ends the test instead. No upper bound
    // on the clock: in the parallel run the test process's two pool threads can be held for
    // seconds by other suites' work, so a wall-clock bound measures them, not the timeout.
    @Test(.timeLimit(.minutes(1)))
    func silentServerTimesOut() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let started = ContinuousClock.now
        #expect(await failure(request(port: server.port, timeout: .milliseconds(300))) == .timedOut)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(290))
    }

    /// The timeout is an hour away: a lookup that waited it out ends at the test's time limit.
    @Test(.timeLimit(.minutes(1)))
    func invalidHostFailsFastAsUnreachable() async throws {
        #expect(await failure(request(port: 80, timeout: .seconds(3_600), host: "rocket-reserver.invalid")) == .hostUnreachable)
    }

    @Test func schemesOtherThanHTTPAndHTTPSAreNotSupported() async throws {
        let request = HTTPRequest(url: try #require(URL(string: "ftp://127.0.0.1:1/graphql")))
        #expect(await failure(request) == .unsupportedURL)
    }

    @Test func httpsToAClosedPortIsRefused() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let request = HTTPRequest(url: try #require(URL(string: "https://127.0.0.1:\(port)/graphql")))
        #expect(await failure(request) == .connectionRefused)
    }

    @Test func aRedirectIsNeverFollowedAndNamesOnlyTheOrigin() async throws {
        let answer = "HTTP/1.1 302 Found\r\nLocation: https://user:pass@elsewhere.example:444/steal?q=1\r\nContent-Length: 0\r\n\r\n"
        let server = try LoopbackHTTPServer(.raw(Data(answer.utf8)))
        defer { server.stop() }
        #expect(await failure(request(port: server.port)) == .redirected(status: 302, location: "https://elsewhere.example:444"))
    }

    @Test func aRelativeRedirectNamesTheEndpointsOrigin() async throws {
        let answer = "HTTP/1.1 301 Moved\r\nLocation: /other\r\nContent-Length: 0\r\n\r\n"
        let server = try LoopbackHTTPServer(.raw(Data(answer.utf8)))
        defer { server.stop() }
        #expect(await failure(request(port: server.port)) == .redirected(status: 301, location: "http://127.0.0.1:\(server.port)"))
    }

    /// The server never answers and the timeout is an hour away: only the cancellation can end
    /// the request before the test's time limit.
    @Test(.timeLimit(.minutes(1)))
    func cancellationStopsAWaitingRequestPromptly() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let request = request(port: server.port, timeout: .seconds(3_600))
        let session = self.session
        let task = Task { try await session.send(request) }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}
