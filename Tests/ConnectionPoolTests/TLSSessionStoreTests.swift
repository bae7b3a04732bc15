import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Transport
@testable import SocketTransport
import SocketEventLoop
@testable import SocketTLS
import Testing
import TestSupport

/// TLS sessions kept in a folder for the next process: each test's second ``SocketHTTPSession``
/// over the same folder stands for the next process (it shares nothing in memory with the first).
@Suite("TLS sessions kept across processes", .timeLimit(.minutes(5)))
struct TLSSessionStoreTests {
    /// A server that closes after each answer behind the test CA's TLS front, and a folder.
    final class Setup {
        let server: KeepAliveServer
        let front: TLSFront
        let folder: TemporaryDirectory

        init() throws {
            server = try KeepAliveServer { _ in .answer(headers: ["Connection: close"]) }
            front = try TLSFront(.forward(port: UInt16(server.port)))
            folder = try TemporaryDirectory(prefix: "tls-sessions")
        }

        deinit {
            front.stop()
            server.stop()
            folder.remove()
        }

        /// A fresh "process": a session whose only link to earlier ones is the folder.
        func process(
            caFile: String = TLSFixture.caFile, now: @escaping @Sendable () -> Int64 = { Int64(time(nil)) }
        ) -> SocketHTTPSession {
            SocketHTTPSession(tls: TLSConfiguration(additionalTrustedCertificates: caFile), sessions: TLSSessionStore(folder: folder.url.path, now: now))
        }

        /// One query to the front by `host`; returns how many handshakes resumed.
        func run(_ session: SocketHTTPSession, host: String = "127.0.0.1") async throws -> Int {
            var request = ConnectionPoolTests.query(port: Int(front.port), scheme: "https")
            request.url = try #require(URL(string: "https://\(host):\(front.port)/graphql"))
            #expect(try await session.send(request).statusCode == 200)
            return session.pool.statistics.resumed
        }

        /// The session files in the folder.
        var files: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).filter { $0.hasPrefix(TLSSessionStore.prefix) }.sorted()
        }

        /// The one session file's path.
        func onlyFile() throws -> String {
            let names = files
            try #require(names.count == 1, "session files: \(names)")
            return folder.url.appendingPathComponent(names[0]).path
        }
    }

    @Test func theNextProcessResumesAndTheFileIsPrivate() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        let path = try setup.onlyFile()
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFREG)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try await setup.run(setup.process()) == 1)
        #expect(setup.front.handshakes == 2)
        // A process that resumed wrote nothing: the file is the first process's.
        #expect(setup.files.count == 1)
    }

    @Test func anotherHostNameOnTheSameServerDoesNotResume() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process(), host: "127.0.0.1") == 0)
        #expect(try await setup.run(setup.process(), host: "localhost") == 0)
        // One file per origin; each resumes under its own name.
        #expect(setup.files.count == 2)
        #expect(try await setup.run(setup.process(), host: "localhost") == 1)
    }

    @Test func otherTrustSettingsDoNotResume() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        // The same CA and one more: the server is still trusted, but not under the same settings.
        let other = setup.folder.url.appendingPathComponent("other-trust.pem")
        let combined = try Data(contentsOf: URL(fileURLWithPath: TLSFixture.caFile))
            + Data(contentsOf: TLSFixture.folder.appendingPathComponent("other-ca.pem"))
        try combined.write(to: other)
        #expect(try await setup.run(setup.process(caFile: other.path)) == 0)
        #expect(try await setup.run(setup.process(caFile: other.path)) == 1)
    }

    @Test func anExpiredSessionIsNotOffered() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        let path = try setup.onlyFile()
        let kept = try Data(contentsOf: URL(fileURLWithPath: path))
        // Eight days on: past any ticket's lifetime (at most seven days), let alone this server's.
        let later: @Sendable () -> Int64 = { Int64(time(nil)) + 8 * 24 * 3_600 }
        #expect(try await setup.run(setup.process(now: later)) == 0)
        // Nothing already expired is written either: the file is still the first process's, and
        // on the real clock it resumes (the server would have taken it).
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == kept)
        #expect(try await setup.run(setup.process()) == 1)
    }

    @Test func aResumedSessionStillChecksTheHostName() async throws {
        let server = try KeepAliveServer { _ in .answerThenClose() }
        defer { server.stop() }
        // The test CA's certificate for wrong-host.invalid only.
        let front = try TLSFront(.forward(port: UInt16(server.port)), certificate: .wrongHost)
        defer { front.stop() }
        let context = try TLSContext.make(TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        let port = Int(front.port)
        // A verified session for the name the certificate carries (the socket goes to 127.0.0.1).
        let session = try #require(try await Self.exchange(port: port, host: "wrong-host.invalid", context: context, resuming: nil).session)
        // The server resumes it under that name...
        #expect(try await Self.exchange(port: port, host: "wrong-host.invalid", context: context, resuming: session).resumed)
        // ...and would under another one; the client refuses: the certificate does not name 127.0.0.1.
        let error = await #expect(throws: HTTPTransportError.self) {
            _ = try await Self.exchange(port: port, host: "127.0.0.1", context: context, resuming: session)
        }
        guard case .tlsCertificate(let reason)? = error?.kind else {
            Issue.record("expected a certificate failure, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("resumed session"), "\(reason)")
    }

    /// One request over a new TLS connection to 127.0.0.1:`port` checked for `host`: whether it
    /// resumed, and its session once the answer (and a TLS 1.3 ticket) has been read.
    static func exchange(port: Int, host: String, context: TLSContext, resuming session: TLSSession?) async throws -> (resumed: Bool, session: TLSSession?) {
        try await EventLoop.leastBusy().run {
            let socket = try await SocketConnection.connect(host: "127.0.0.1", port: port, deadline: .now + .seconds(60))
            defer { socket.close() }
            let stream = try await TLSStream.handshake(over: socket, context: context, host: host, resuming: session)
            try await stream.send(Data("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}".utf8))
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
            defer { buffer.deallocate() }
            while try await stream.receive(into: buffer) > 0 {}
            let outcome = (TLSSession.wasResumed(stream.ssl), TLSSession.current(of: stream.ssl))
            // A goodbye of our own, as the pool sends: OpenSSL marks the session of a connection
            // freed without one as not resumable.
            stream.close()
            return outcome
        }
    }

    @Test func aSymlinkIsNeverFollowed() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        let path = try setup.onlyFile()
        let target = setup.folder.url.appendingPathComponent("elsewhere").path
        #expect(rename(path, target) == 0)
        #expect(symlink(target, path) == 0)
        let targetBefore = try Data(contentsOf: URL(fileURLWithPath: target))
        // The valid session behind the link is not offered; the command still succeeds.
        #expect(try await setup.run(setup.process()) == 0)
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFREG, "the link was replaced by a file of its own")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == targetBefore)
        #expect(try await setup.run(setup.process()) == 1)
    }

    static let damages: [String] = ["garbage", "truncated", "empty", "oversized", "trailing bytes", "bit flipped in the session"]

    @Test(arguments: damages)
    func aDamagedFileMeansAFullHandshake(_ damage: String) async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        let path = try setup.onlyFile()
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let damaged: Data =
            switch damage {
            case "garbage": Data((0..<good.count).map { _ in UInt8.random(in: 0...255) })
            case "truncated": good.prefix(good.count / 2)
            case "empty": Data()
            case "oversized": Data(count: TLSSessionStore.maximumBytes + 1)
            case "trailing bytes": good + Data([0])
            default: Data(good.enumerated().map { $0.offset == good.count - 40 ? $0.element ^ 0x55 : $0.element })
            }
        try damaged.write(to: URL(fileURLWithPath: path))
        // Never a failure: a full handshake (or, for a flipped bit, whatever the server makes of it), and a good file again.
        let resumed = try await setup.run(setup.process())
        if damage != "bit flipped in the session" { #expect(resumed == 0) }
        #expect(TLSSessionStore.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) != nil)
        #expect(try await setup.run(setup.process()) == 1)
    }

    @Test func aSessionTheServerRejectsIsReplaced() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        let path = try setup.onlyFile()
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        // A new server context: new ticket keys, so the kept ticket cannot be opened.
        try setup.front.present(.server)
        #expect(try await setup.run(setup.process()) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != first)
        #expect(try await setup.run(setup.process()) == 1)
    }

    @Test func aSessionTheServerRejectsOnAFailedExchangeIsDropped() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process()) == 0)
        // The next server context rejects the ticket, and its connections break off before an answer.
        setup.server.stop()
        try setup.front.present(.server)
        let process = setup.process()
        await #expect(throws: HTTPTransportError.self) { _ = try await setup.run(process) }
        #expect(setup.files.isEmpty, "the rejected session is still kept: \(setup.files)")
    }

    @Test func removingForgetsTheSessions() async throws {
        let setup = try Setup()
        #expect(try await setup.run(setup.process(), host: "127.0.0.1") == 0)
        #expect(try await setup.run(setup.process(), host: "localhost") == 0)
        let store = TLSSessionStore(folder: setup.folder.url.path)
        store.removeSession(for: try #require(URL(string: "https://LOCALHOST:\(setup.front.port)/graphql")))
        #expect(setup.files.count == 1)
        #expect(try await setup.run(setup.process(), host: "localhost") == 0)
        store.removeAll()
        #expect(setup.files.isEmpty)
        #expect(try await setup.run(setup.process(), host: "127.0.0.1") == 0)
    }

    @Test func randomSessionBytesUnderTheRightKeyNeverCrashAndAreNeverOffered() throws {
        let folder = try TemporaryDirectory(prefix: "tls-sessions-random")
        defer { folder.remove() }
        let context = try TLSContext.make(TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        let codec = try #require(TLSSessionCodec.shared)
        let store = TLSSessionStore(folder: folder.url.path)
        let origin = ConnectionOrigin(secure: true, host: "127.0.0.1", port: 443, proxy: nil)
        let key = TLSSessionStore.key(origin, trust: context, codec: codec)
        var generator = SplitMix64(state: 32)
        for round in 0..<300 {
            // Random bytes, half of them starting like a DER sequence so the decoder goes deeper.
            var session = (0..<Int(generator.next() % 2_048)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if round % 2 == 0, session.count > 4 { session[0] = 0x30; session[1] = 0x82 }
            let record = TLSSessionStore.record(key: key, expiry: Int64(time(nil)) + 3_600, session: session)
            try Data(record).write(to: URL(fileURLWithPath: store.path(for: origin)))
            #expect(store.session(for: origin, trust: context) == nil)
        }
    }

    @Test func aFileRoundTripsAndAnythingElseIsRejected() {
        let record = TLSSessionStore.record(key: Array("https://a:1 trust=x".utf8), expiry: 1_900_000_000, session: [1, 2, 3])
        let parsed = TLSSessionStore.parse(record)
        #expect(parsed?.key == Array("https://a:1 trust=x".utf8))
        #expect(parsed?.expiry == 1_900_000_000)
        #expect(parsed?.session == [1, 2, 3])
        for cut in 0..<record.count { #expect(TLSSessionStore.parse(Array(record.prefix(cut))) == nil) }
        #expect(TLSSessionStore.parse(record + [0]) == nil)
    }
}
