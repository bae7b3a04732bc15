import Foundation
import Testing
import TestSupport

/// The cached copy stands in only for a server that cannot be reached or does not answer in
/// time: never for one that cannot be trusted (a certificate that does not check out, a
/// refusing proxy) and never for an answer the server gave (a redirect, malformed framing, an
/// HTTP error, a refusal). Each case starts from a warm cache for `launches` and `trips`, the
/// commands that fall back, and ends by proving that the same cache does answer once the
/// server is really unreachable (so a missing fallback is not mistaken for a refused one).
@Suite("Fallback causes", .timeLimit(.minutes(5)))
struct FallbackCauseTests {
    /// The commands that show the cached copy when the server cannot be reached.
    static let fallingBack: [[String]] = [["launches"], ["trips"], ["launches", "--all"]]

    @Test(arguments: CertificateTests.failures)
    func anUntrustedCertificateNeverFallsBack(_ failure: CertificateTests.Case) async throws {
        let session = try await Self.warmSession(https: true)
        let front = try #require(session.front)
        try front.present(failure.certificate)
        for arguments in Self.fallingBack {
            let before = session.home.snapshot()
            let result = try await session.run(arguments)
            FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
            #expect(result.stderr.contains(failure.words), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains(Self.cachedNote), "\(arguments) fell back: \(result.stderr)")
        }
        #expect(session.server.requestCount == 0)
        try await Self.expectFallbackOnceUnreachable(session)
    }

    @Test(arguments: [407, 403, 502])
    func aRefusingProxyNeverFallsBack(status: Int) async throws {
        let session = try await Self.warmSession(https: true)
        let proxy = try ConnectProxy(refuseWith: status)
        defer { proxy.stop() }
        for arguments in Self.fallingBack {
            let before = session.home.snapshot()
            let result = try await session.run(arguments, environment: ["https_proxy": proxy.url])
            FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
            #expect(result.stderr.contains("proxy"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains(Self.cachedNote), "\(arguments) fell back: \(result.stderr)")
        }
        #expect(!proxy.requestHeads.isEmpty, "the proxy was never asked")
        try await Self.expectFallbackOnceUnreachable(session)
    }

    @Test func anUnreachableProxyNeverFallsBack() async throws {
        let session = try await Self.warmSession(https: true)
        let port = try #require(ClosedLoopbackPort.make())
        for arguments in Self.fallingBack {
            let before = session.home.snapshot()
            let result = try await session.run(arguments, environment: ["https_proxy": "http://127.0.0.1:\(port)"])
            FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
            #expect(result.stderr.contains("http://127.0.0.1:\(port)"), "the proxy is not named: \(result.stderr)")
            #expect(!result.stderr.contains(Self.cachedNote), "\(arguments) fell back: \(result.stderr)")
        }
        try await Self.expectFallbackOnceUnreachable(session)
    }

    struct Answer: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var behaviour: FaultServerBehaviour
        var status: Int32
    }

    static let answers: [Answer] = [
        Answer(testDescription: "307 redirect", behaviour: .respond(status: 307, headers: ["Location": "http://127.0.0.1:9/graphql"], body: Data()), status: 76),
        Answer(testDescription: "301 redirect", behaviour: .respond(status: 301, headers: ["Location": "https://elsewhere.invalid/"], body: Data()), status: 76),
        Answer(testDescription: "no status line", behaviour: .raw(Data("garbage\r\n\r\n".utf8)), status: 76),
        Answer(testDescription: "bad chunk size", behaviour: .raw(Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8)), status: 76),
        Answer(testDescription: "not JSON", behaviour: .respond(status: 200, body: Data("<html>".utf8)), status: 76),
        Answer(testDescription: "HTTP 500 with HTML", behaviour: .respond(status: 500, body: Data("<html>oops</html>".utf8)), status: 76),
        Answer(testDescription: "HTTP 503 empty", behaviour: .respond(status: 503, body: Data()), status: 76),
        Answer(testDescription: "HTTP 401", behaviour: .respond(status: 401, body: Data()), status: 77),
        Answer(
            testDescription: "GraphQL error", behaviour: .respond(status: 200, body: Data(#"{"errors":[{"message":"no"}],"data":null}"#.utf8)), status: 1
        ),
    ]

    @Test(arguments: answers)
    func anAnswerTheServerGaveNeverFallsBack(_ answer: Answer) async throws {
        let session = try await Self.warmSession(https: false)
        session.server.behaviour = answer.behaviour
        // `trips` after a 401 would forget the login; one command is enough for each answer.
        let result = try await session.run(["launches"])
        #expect(result.status == answer.status, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty, "fell back to cached rows: \(result.stdout)")
        #expect(!result.stderr.contains(Self.cachedNote), "fell back: \(result.stderr)")
        FaultExpectations.expectPlainMessage(result.stderr)
        session.server.behaviour = FaultServerTutorial.behaviour(token: session.token)
        try await Self.expectFallbackOnceUnreachable(session, commands: [["launches"]])
    }

    // MARK: Helpers

    static let cachedNote = "Showing cached data"

    /// A prepared session whose cache also holds the first page of launches and the trips.
    static func warmSession(https: Bool) async throws -> FaultSession {
        let session = try await FaultSession(https: https)
        for arguments in [["launches"], ["trips"], ["launches", "--all"]] {
            let result = try await session.run(arguments)
            try #require(result.status == 0, "warming \(arguments): \(result.stderr)")
        }
        session.server.clearRequests()
        session.front?.clearRecords()
        return session
    }

    /// The control: with the server gone (connection refused), the same commands do answer
    /// from the cache, with the note.
    static func expectFallbackOnceUnreachable(
        _ session: FaultSession, commands: [[String]] = fallingBack, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        session.front?.stop()
        session.server.stop()
        for arguments in commands {
            let result = try await session.run(arguments)
            #expect(result.status == 0, "\(arguments) did not fall back when unreachable: \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(cachedNote), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(!result.stdout.isEmpty, sourceLocation: sourceLocation)
        }
    }
}
