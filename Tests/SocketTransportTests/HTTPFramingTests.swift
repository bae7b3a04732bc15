import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import Transport
import SocketTransport
import Testing

/// Answers the socket transport cannot read as HTTP are ``HTTPTransportError/Kind/malformedResponse(_:)``
/// (the server answered: not a lost connection), and bodies over the limit are refused as they arrive.
@Suite(.timeLimit(.minutes(5)))
struct HTTPFramingTests {
    private static func failure(_ answer: String, limits: HTTPResponseLimits = HTTPResponseLimits()) async throws -> HTTPTransportError.Kind? {
        let server = try LoopbackHTTPServer(.raw(Data(answer.utf8)))
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/graphql"))
        return await ClientFixtures.transportFailure(SocketHTTPSession(limits: limits), HTTPRequest(url: url, timeout: .seconds(10)))
    }

    static let malformed: [(String, String)] = [
        ("{\"data\":{}}", "no HTTP status line"),
        ("hello\r\n\r\n", "no HTTP status line"),
        ("HTTP/1.1 abc OK\r\n\r\n", "no HTTP status line"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n", "a bad chunk size"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n", "a bad chunk size"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhello\r\n0\r\n\r\n", "chunk data longer than its size"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc", "conflicting Content-Length values"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2, 3\r\n\r\nabc", "conflicting Content-Length values"),
        ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\nabc", "a Content-Length that is not a non-negative number"),
        ("HTTP/1.1 200 OK\r\nContent-Length: +3\r\n\r\nabc", "a Content-Length that is not a non-negative number"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 0x3\r\n\r\nabc", "a Content-Length that is not a non-negative number"),
        ("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "a header line without a colon"),
        ("HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "y", count: 1 << 20) + "\r\n\r\n", "a response head over 64 KiB"),
        ("HTTP/1.1 200 OK\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", "more than 100 header fields"),
    ]

    @Test(arguments: 0..<malformed.count)
    func malformedFramingIsAMalformedResponse(_ index: Int) async throws {
        let (answer, reason) = Self.malformed[index]
        #expect(try await Self.failure(answer) == .malformedResponse(reason))
    }

    @Test func oneHundredHeadersAndAnAgreeingRepeatedLengthAreFine() async throws {
        let answer = "HTTP/1.1 200 OK\r\n" + (0..<99).map { "X-\($0): v\r\n" }.joined() + "Content-Length: 3\r\n\r\nabc"
        #expect(try await Self.failure(answer) == nil)
        #expect(try await Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc") == nil)
    }

    @Test func aTruncatedHeadIsStillALostConnection() async throws {
        #expect(try await Self.failure("HTTP/1.1 200 OK\r\nContent-Ty") == .connectionLost)
        #expect(try await Self.failure("HTT") == .connectionLost)
    }

    static let limit = HTTPResponseLimits(maximumBodyBytes: 1_000)

    @Test func aBodyOverTheLimitIsRefusedHoweverItIsFramed() async throws {
        let big = String(repeating: "x", count: 1_001)
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(repeating: "100\r\n" + String(repeating: "x", count: 256) + "\r\n", count: 4) + "0\r\n\r\n"
        for answer in [
            "HTTP/1.1 200 OK\r\nContent-Length: 1001\r\n\r\n" + big,
            "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n",
            "HTTP/1.1 200 OK\r\n\r\n" + big,
            chunked,
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffffffff\r\nx\r\n",
        ] {
            #expect(try await Self.failure(answer, limits: Self.limit) == .responseTooLarge(limit: 1_000))
        }
    }

    @Test func aBodyAtTheLimitIsRead() async throws {
        let exact = String(repeating: "x", count: 1_000)
        #expect(try await Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + exact, limits: Self.limit) == nil)
        #expect(try await Self.failure("HTTP/1.1 200 OK\r\n\r\n" + exact, limits: Self.limit) == nil)
    }

    @Test func theClientErrorSaysTheLimitAndCountsAsAnUnknownOutcome() {
        let tooLarge = GraphQLClientError(operationName: "BookTrip", kind: .responseTooLarge(limit: 64 << 20))
        #expect(tooLarge.summary.contains("64 MiB"))
        #expect(tooLarge.outcomeIsUnknown)
        #expect(!tooLarge.isTransient)
        let malformed = GraphQLClientError(operationName: "BookTrip", kind: .malformedResponse("a bad chunk size"))
        #expect(malformed.outcomeIsUnknown)
        #expect(!malformed.isTransient)
    }
}
