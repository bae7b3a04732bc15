import Foundation
import Testing
import TestSupport

/// An answer whose HTTP framing cannot be read is an answer not understood (76), not an
/// unreachable server (69): the server did answer. For a mutation the outcome is unknown.
@Suite("Malformed HTTP framing", .timeLimit(.minutes(5)))
struct MalformedFramingTests {
    static let framings: [(String, String)] = [
        ("no status line (bare JSON)", #"{"data":{"launch":null}}"#),
        ("a status line that is not HTTP", "SPDY/9 200 OK\r\n\r\n"),
        ("a bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"),
        ("conflicting Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 9\r\n\r\n{}"),
        ("a negative Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: -2\r\n\r\n{}"),
        ("a 1 MB header line", "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "y", count: 1_000_000) + "\r\nContent-Length: 2\r\n\r\n{}"),
        ("200 header fields", "HTTP/1.1 200 OK\r\n" + (0..<200).map { "X-\($0): v\r\n" }.joined() + "Content-Length: 2\r\n\r\n{}"),
    ]

    @Test(arguments: 0..<framings.count)
    func aQueryGets76(_ index: Int) async throws {
        let (name, bytes) = Self.framings[index]
        let session = try await FaultSession()
        session.server.behaviour = .raw(Data(bytes.utf8))
        let before = session.home.snapshot()
        let result = try await session.run(QueryFaultTests.query)
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        #expect(result.stderr.contains("not valid HTTP"), "\(name): \(result.stderr)")
        #expect(session.server.requestCount == 1, "\(name): a malformed answer is not retried")
    }

    @Test(arguments: 0..<framings.count)
    func aMutationGets76AndIsSentOnce(_ index: Int) async throws {
        let (name, bytes) = Self.framings[index]
        let session = try await FaultSession()
        session.server.behaviour = .raw(Data(bytes.utf8))
        let before = session.home.snapshot()
        let result = try await session.run(["book", FaultSession.cachedLaunch])
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before, allowing: [.cacheMayChange])
        #expect(session.bookingRequests.count == 1, "\(name)")
    }
}
