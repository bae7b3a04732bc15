import Foundation
import GraphQLClientFixtures
import GraphQLTestDoubles
import Transport
import SocketTransport
import Testing

/// The response reader drops consumed bytes as it goes; no offset it holds may survive that
/// (the search for a head's end, chunk lines, trailers), and interim (1xx) answers are bounded.
@Suite(.timeLimit(.minutes(5)))
struct ResponseReaderCompactionTests {
    private static func send(_ answer: Data, limits: HTTPResponseLimits) async throws -> HTTPResponse {
        let server = try LoopbackHTTPServer(.raw(answer))
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/graphql"))
        return try await SocketHTTPSession(limits: limits).send(HTTPRequest(url: url, timeout: .seconds(30)))
    }

    private static let generous = HTTPResponseLimits(maximumHeadBytes: 8 << 20)

    /// More than 1 MiB of `100 Continue` heads, then the answer: read as the answer.
    @Test(arguments: [(1 << 20) + 1, 2 << 20, (3 << 20) + 7])
    func aLongRunOfContinueHeadsIsReadWhenTheLimitAllowsIt(bytes: Int) async throws {
        let interim = "HTTP/1.1 100 Continue\r\n\r\n"
        let count = bytes / interim.utf8.count + 1
        let answer = String(repeating: interim, count: count) + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"
        let response = try await Self.send(Data(answer.utf8), limits: Self.generous)
        #expect(response.statusCode == 200)
        #expect(response.body == Data("hello".utf8))
    }

    /// Interim heads of many sizes (each straddling reads) before a chunked answer of many
    /// small chunks and trailers: every byte of the body arrives, in order.
    @Test(arguments: [1, 4_093, 40_000, 65_000])
    func bigInterimHeadsThenManySmallChunksAndTrailers(headerBytes: Int) async throws {
        var answer = ""
        for index in 0..<24 {
            answer += "HTTP/1.1 103 Early Hints\r\nX-Pad: \(String(repeating: "p", count: headerBytes + index))\r\n\r\n"
        }
        answer += "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        var expected = ""
        for index in 0..<60_000 {
            let piece = String(index % 10)
            expected += piece
            answer += "1\r\n\(piece)\r\n"
        }
        answer += "0\r\n" + (0..<50).map { "T-\($0): \(String(repeating: "t", count: 1_000))\r\n" }.joined() + "\r\n"
        let response = try await Self.send(Data(answer.utf8), limits: Self.generous)
        #expect(response.statusCode == 200)
        #expect(response.body == Data(expected.utf8))
    }

    /// By default all interim heads together may take 64 KiB; more is an answer not understood.
    @Test func interimAnswersOverTheHeadLimitAreMalformed() async throws {
        let answer = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 50_000) + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        let server = try LoopbackHTTPServer(.raw(Data(answer.utf8)))
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/graphql"))
        let failure = await ClientFixtures.transportFailure(SocketHTTPSession(), HTTPRequest(url: url, timeout: .seconds(30)))
        #expect(failure == .malformedResponse("interim (1xx) answers over 64 KiB before the answer"))
    }

    @Test func interimAnswersUnderTheHeadLimitAreSkipped() async throws {
        let answer = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 2_500) + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        let response = try await Self.send(Data(answer.utf8), limits: HTTPResponseLimits())
        #expect(response.body == Data("ok".utf8))
    }
}
