import Foundation
import GraphQLTestDoubles
import Synchronization
import Transport
import SocketTransport
import Testing

/// The socket transport's streaming send: the head and the body's pieces handed over as they
/// arrive (each framing), a connection lost mid-body after what arrived, and the limits.
@Suite(.timeLimit(.minutes(5)))
struct StreamingSendTests {
    /// What a receiver saw, in order.
    final class Received: Sendable {
        let pieces = Mutex<[HTTPStreamPiece]>([])
        var body: String { pieces.withLock { String(decoding: $0.reduce(into: Data()) { if case .body(let data) = $1 { $0 += data } }, as: UTF8.self) } }
        var heads: [HTTPResponse] { pieces.withLock { $0.compactMap { if case .head(let head) = $0 { head } else { nil } } } }
        var bodyCount: Int { pieces.withLock { $0.filter { if case .body = $0 { true } else { false } }.count } }
    }

    static func request(_ port: Int) throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/graphql")), timeout: .seconds(3_600))
    }

    @Test("Each piece is handed over before the server sends the next", arguments: ["chunked", "length", "close"])
    func piecesArriveAsTheyAreSent(framing: String) async throws {
        let gate = PacedGate()
        defer { gate.openForGood() }
        let first = "--graphql\r\nContent-Type: application/json\r\n\r\n{\"hasNext\":true}\r\n"
        let second = "--graphql\r\nContent-Type: application/json\r\n\r\n{\"hasNext\":false}\r\n--graphql--\r\n"
        let head = "HTTP/1.1 200 OK\r\nContent-Type: multipart/mixed; boundary=\"graphql\"\r\n"
        let pieces: [String] =
            switch framing {
            case "chunked":
                [head + "Transfer-Encoding: chunked\r\n\r\n" + String(first.utf8.count, radix: 16) + "\r\n" + first + "\r\n",
                 String(second.utf8.count, radix: 16) + "\r\n" + second + "\r\n0\r\n\r\n"]
            case "length": [head + "Content-Length: \(first.utf8.count + second.utf8.count)\r\n\r\n" + first, second]
            default: [head + "Connection: close\r\n\r\n" + first, second]
            }
        let server = try LoopbackHTTPServer(.paced(pieces.map { Data($0.utf8) }, gate: gate))
        defer { server.stop() }
        let received = Received()
        try await SocketHTTPSession().send(try Self.request(server.port)) { piece in
            let count = received.pieces.withLock { pieces in
                pieces.append(piece)
                return pieces.count
            }
            // The second piece is sent only once the first was handed over.
            if count == 2 { gate.release() }
        }
        #expect(received.heads.map(\.statusCode) == [200])
        #expect(received.heads.first?.headers["Content-Type"] == "multipart/mixed; boundary=\"graphql\"")
        #expect(received.body == first + second)
        #expect(received.bodyCount >= 2)
    }

    @Test func aConnectionLostMidBodyIsAnErrorAfterWhatArrived() async throws {
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: multipart/mixed; boundary=\"-\"\r\nContent-Length: 500\r\n\r\n---\r\n\r\n{\"hasNext\":true}"
        let server = try LoopbackHTTPServer(.raw(Data(answer.utf8)))
        defer { server.stop() }
        let received = Received()
        await #expect(throws: HTTPTransportError(.connectionLost)) {
            try await SocketHTTPSession().send(try Self.request(server.port)) { piece in received.pieces.withLock { $0.append(piece) } }
        }
        #expect(received.body == "---\r\n\r\n{\"hasNext\":true}")
    }

    @Test func aStreamedBodyOverTheLimitIsRefused() async throws {
        let answer = "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + String(repeating: "x", count: 2_000)
        let server = try LoopbackHTTPServer(.raw(Data(answer.utf8)))
        defer { server.stop() }
        await #expect(throws: HTTPTransportError(.responseTooLarge(limit: 1_000))) {
            try await SocketHTTPSession(limits: HTTPResponseLimits(maximumBodyBytes: 1_000)).send(try Self.request(server.port)) { _ in }
        }
    }

    @Test func aRedirectIsRefusedBeforeAnythingIsHandedOver() async throws {
        let server = try LoopbackHTTPServer(.raw(Data("HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:1/x\r\nContent-Length: 0\r\n\r\n".utf8)))
        defer { server.stop() }
        let received = Received()
        await #expect(throws: HTTPTransportError.self) {
            try await SocketHTTPSession().send(try Self.request(server.port)) { piece in received.pieces.withLock { $0.append(piece) } }
        }
        #expect(received.pieces.withLock { $0.isEmpty })
    }

    @Test func aSessionWithoutStreamingHandsOverTheWholeBodyOnce() async throws {
        let stub = StubHTTPSession([StubHTTPSession.json(#"{"data":{}}"#)])
        let received = Received()
        try await stub.sendStreaming(HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:1/")))) { piece in
            received.pieces.withLock { $0.append(piece) }
        }
        #expect(received.heads.map(\.statusCode) == [200])
        #expect(received.body == #"{"data":{}}"#)
        #expect(received.bodyCount == 1)
    }
}
