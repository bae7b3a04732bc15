import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// Checks the ``FaultServer`` itself with raw loopback sockets, so the CLI tests can trust it.
@Suite("FaultServer", .timeLimit(.minutes(5)))
struct FaultServerTests {
    @Test func recordsMethodHeadersAndBodyAndAnswersTheQueueThenTheDefault() throws {
        let server = try FaultServer(.json(#"{"n":"default"}"#), queue: [.json(#"{"n":"first"}"#, status: 201)])
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let first = try connection.exchange(post(body: #"{"query":"query A { a }"}"#, headers: ["Authorization": "secret"]))
        #expect(first.hasPrefix("HTTP/1.1 201 "))
        #expect(first.hasSuffix(#"{"n":"first"}"#))
        let second = try connection.exchange(post(body: #"{"query":"mutation B { b }"}"#))
        #expect(second.hasPrefix("HTTP/1.1 200 OK"))
        #expect(second.hasSuffix(#"{"n":"default"}"#))

        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.map(\.method) == ["POST", "POST"])
        #expect(requests[0].header("authorization") == "secret")
        #expect(requests[1].header("Authorization") == nil)
        #expect(requests[0].graphQLQuery == "query A { a }")
        #expect(!requests[0].isMutation && requests[1].isMutation)
    }

    @Test func readsAChunkedBody() throws {
        let server = try FaultServer(.json("{}"))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let raw = "POST /graphql HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n3\r\nefg\r\n0\r\n\r\n"
        _ = try connection.exchange(Data(raw.utf8))
        #expect(server.requests.first?.text == "abcdefg")
    }

    @Test func resetMidBodySendsHalfTheAnnouncedBody() throws {
        let server = try FaultServer(.resetMidBody)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send(post(body: "{}"))
        let (received, ended) = connection.readUntilClosed()
        let text = String(decoding: received, as: UTF8.self)
        let length = try #require(text.components(separatedBy: "Content-Length: ").last?.prefix { $0.isNumber }).description
        let bodyCount = try #require(received.range(of: Data("\r\n\r\n".utf8))).upperBound
        #expect(received.count - bodyCount < (Int(length) ?? 0))
        #expect(ended == .reset)
    }

    @Test func closeWithoutAnswerEndsTheConnectionSilently() throws {
        let server = try FaultServer(.closeWithoutAnswer)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send(post(body: "{}"))
        let (received, ended) = connection.readUntilClosed()
        #expect(received.isEmpty)
        #expect(ended == .orderly)
        #expect(server.requestCount == 1)
    }

    @Test func stopEndsHeldConnectionsAndRefusesNewOnes() async throws {
        let server = try FaultServer(.neverAnswer)
        let connection = try RawConnection(port: server.port)
        connection.send(post(body: "{}"))
        // Wait until the request is recorded (its arrival resumes the wait).
        #expect(await server.waitForRequests(1, timeout: 10))
        #expect(server.requestCount == 1)
        server.stop()
        let (received, _) = connection.readUntilClosed()
        #expect(received.isEmpty)
        #expect(throws: RawConnection.Refused.self) { try RawConnection(port: server.port) }
    }

    @Test func hugeBodyIsValidJSONOfTheRequestedSize() throws {
        let server = try FaultServer(.hugeBody(megabytes: 3))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send(post(body: "{}"))
        var received = Data()
        let headEnd = Data("\r\n\r\n".utf8)
        var body = Data()
        while true {
            let (chunk, _) = connection.readSome()
            if chunk.isEmpty { break }
            received.append(chunk)
            if let end = received.range(of: headEnd) {
                body = received[end.upperBound...]
                if body.count >= 3_000_000, (try? JSONSerialization.jsonObject(with: body)) != nil { break }
            }
        }
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let data = try #require(object["data"] as? [String: Any])
        let launch = try #require(data["launch"] as? [String: Any])
        #expect((launch["site"] as? String)?.count == 3_000_000)
    }

    private func post(body: String, headers: [String: String] = [:]) -> Data {
        var head = "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return Data((head + "\r\n" + body).utf8)
    }
}
