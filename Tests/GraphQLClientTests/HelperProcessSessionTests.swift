import Foundation
import GraphQLClient
import GraphQLTestDoubles
import Testing

/// The helper-process transport, with the real `rocket-reserver-https` helper (built beside the
/// tests) talking plain http to a loopback server, and with scripts standing in for the helper.
struct HelperProcessSessionTests {
    private let helper = HelperProcessSession.besideCurrentExecutable()

    private func request(port: Int, timeout: Duration = .seconds(10)) -> HTTPRequest {
        HTTPRequest(
            url: URL(string: "http://127.0.0.1:\(port)/graphql") ?? TestSupport.endpoint,
            headers: ["Authorization": "secret-token-42"],
            body: Data(#"{"query":"{ a }"}"#.utf8),
            timeout: timeout
        )
    }

    @Test func framesRoundTrip() throws {
        let request = request(port: 4000, timeout: .milliseconds(1_500))
        #expect(try HelperFrame.decodeRequest(HelperFrame.encode(request)) == request)
        let response = HTTPResponse(statusCode: 503, headers: ["A": "b"], body: Data([0, 1, 2]))
        let decoded = try HelperFrame.decodeResponse(HelperFrame.encode(.success(response))).get()
        #expect(decoded.statusCode == 503 && decoded.headers == ["A": "b"] && decoded.body == Data([0, 1, 2]))
        for kind in [HTTPTransportError.Kind.connectionRefused, .hostUnreachable, .connectionLost, .timedOut, .cancelled, .other(code: -7), .malformedResponse("a bad chunk size"), .responseTooLarge(limit: 1_024)] {
            #expect(HelperFrame.decode(HelperFrame.encode(.failure(HTTPTransportError(kind)))) == kind)
        }
        #expect(throws: HelperFrame.Malformed.self) { try HelperFrame.decodeResponse(Data("RRH1\n\0\0".utf8)) }
    }

    @Test func fetchesThroughTheHelper() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: "{\"data\":{}}"))
        defer { server.stop() }
        let response = try await helper.send(request(port: server.port))
        #expect(response.statusCode == 200)
        #expect(response.body == Data("{\"data\":{}}".utf8))
        let sent = try #require(server.requests.first)
        #expect(sent.lowercased().contains("\r\nauthorization: secret-token-42\r\n"))
    }

    @Test func refusedThroughTheHelper() async throws {
        #expect(await TestSupport.transportFailure(helper, request(port: try LoopbackHTTPServer.closedPort())) == .connectionRefused)
    }

    @Test func silentServerTimesOutAndTheHelperIsKilled() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let started = ContinuousClock.now
        #expect(await TestSupport.transportFailure(helper, request(port: server.port, timeout: .milliseconds(300))) == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func theTokenTravelsOnStdinNeverInArgv() async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("fake-helper")
        try """
        #!/bin/sh
        tr '\\000' ' ' < /proc/$$/cmdline > "\(folder.path)/argv"
        cat > "\(folder.path)/stdin"
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        let kind = await TestSupport.transportFailure(HelperProcessSession(executable: script.path), request(port: 9))
        #expect(kind == .connectionLost, "no answer frame is a lost connection")
        let argv = try String(contentsOf: folder.appendingPathComponent("argv"), encoding: .utf8)
        let stdin = try String(decoding: Data(contentsOf: folder.appendingPathComponent("stdin")), as: UTF8.self)
        #expect(argv.contains("fake-helper"))
        #expect(!argv.contains("secret-token-42"))
        #expect(stdin.contains("secret-token-42"))
    }

    @Test func anEndlessAnswerFromTheHelperIsRefusedAtTheLimit() async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("endless-helper")
        try "#!/bin/sh\ncat > /dev/null\nexec yes RRH1\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        let session = HelperProcessSession(executable: script.path, limits: HTTPResponseLimits(maximumBodyBytes: 1_000))
        let started = ContinuousClock.now
        #expect(await TestSupport.transportFailure(session, request(port: 9)) == .responseTooLarge(limit: 1_000))
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aMissingHelperIsAnError() async {
        let kind = await TestSupport.transportFailure(HelperProcessSession(executable: "/nonexistent/rocket-reserver-https"), request(port: 9))
        #expect(kind != nil)
    }
}

extension HelperFrame {
    /// The failure kind a frame decodes to, if it is one.
    fileprivate static func decode(_ data: Data) -> HTTPTransportError.Kind? {
        guard case .failure(let error)? = try? decodeResponse(data) else { return nil }
        return error.kind
    }
}
