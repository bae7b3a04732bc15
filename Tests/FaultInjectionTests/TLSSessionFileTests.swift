import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// The TLS session the CLI keeps in the cache folder for the next process, seen from an
/// independent server (Python's `ssl`, ``PythonTLSRelay``), which says itself whether each
/// handshake resumed a session.
@Suite("TLS session file across processes", .timeLimit(.minutes(5)), .enabled(if: PythonTLSRelay.python != nil, "python3 is not installed"))
struct TLSSessionFileTests {
    /// A tutorial server behind the Python relay, and a client home.
    final class Setup {
        let server: FaultServer
        let relay: PythonTLSRelay
        let home: TemporaryDirectory

        init(mode: PythonTLSRelay.Mode = .tls13) async throws {
            server = try FaultServer(FaultServerTutorial.behaviour(token: "session-token-\(UUID().uuidString)"))
            relay = try await PythonTLSRelay(backendPort: Int(server.port), mode: mode)
            home = try TemporaryDirectory(prefix: "tls-session-file")
        }

        deinit {
            server.stop()
            home.remove()
        }

        /// Runs the client against the relay (or `endpoint`) with the test CA (or `caFile`).
        func run(_ arguments: [String], endpoint: String? = nil, caFile: String = TLSFixture.caFile, environment: [String: String] = [:]) async throws -> ProcessResult {
            let endpoint = endpoint ?? relay.endpoint
            let trust = endpoint.hasPrefix("https:") ? ["--cacert", caFile] : []
            return try await ProcessRunner.run(
                BuiltProducts.client, ["--endpoint", endpoint] + trust + arguments,
                environment: ClientEnvironment.make(home: home, extra: environment), deadline: 30
            )
        }

        /// Runs `details 1 --force-reload` and expects it to succeed.
        func reload(endpoint: String? = nil, caFile: String = TLSFixture.caFile) async throws {
            let result = try await run(["details", "1", "--force-reload", "--json"], endpoint: endpoint, caFile: caFile)
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }

        /// The session files in the cache folder.
        var sessionFiles: [URL] {
            let cache = home.url.appendingPathComponent("cache")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
            return names.filter { $0.hasPrefix("tls-session-") }.sorted().map { cache.appendingPathComponent($0) }
        }

        /// The one session file.
        func onlyFile() throws -> URL {
            let files = sessionFiles
            try #require(files.count == 1, "session files: \(files.map(\.lastPathComponent))")
            return files[0]
        }

        var resumed: [Bool] { relay.handshakes.map(\.resumed) }
    }

    @Test(arguments: [PythonTLSRelay.Mode.tls13, .tls12])
    func theNextProcessResumesTheSession(_ mode: PythonTLSRelay.Mode) async throws {
        let setup = try await Setup(mode: mode)
        try await setup.reload()
        try await setup.reload()
        try await setup.reload()
        #expect(setup.resumed == [false, true, true])
        #expect(Set(setup.relay.handshakes.map(\.version)) == [mode == .tls12 ? "TLSv1.2" : "TLSv1.3"])
        var info = stat()
        #expect(lstat(try setup.onlyFile().path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_mode & S_IFMT == S_IFREG)
    }

    @Test func anotherHostNameOnTheSameServerDoesNotResume() async throws {
        let setup = try await Setup()
        try await setup.reload()
        try await setup.reload(endpoint: "https://localhost:\(setup.relay.port)/graphql")
        #expect(setup.resumed == [false, false])
        #expect(setup.sessionFiles.count == 2)
    }

    @Test func otherTrustSettingsDoNotResume() async throws {
        let setup = try await Setup()
        try await setup.reload()
        let other = setup.home.url.appendingPathComponent("more-cas.pem")
        try (Data(contentsOf: URL(fileURLWithPath: TLSFixture.caFile)) + Data(contentsOf: TLSFixture.folder.appendingPathComponent("other-ca.pem")))
            .write(to: other)
        try await setup.reload(caFile: other.path)
        #expect(setup.resumed == [false, false])
    }

    @Test func anExpiredSessionIsNotOffered() async throws {
        let setup = try await Setup()
        try await setup.reload()
        // The file's expiry (8 bytes after the 8-byte magic line, big-endian seconds) set to 1970.
        let file = try setup.onlyFile()
        var bytes = try Data(contentsOf: file)
        bytes.replaceSubrange(8..<16, with: [0, 0, 0, 0, 0, 0, 0x03, 0xE8])
        try bytes.write(to: file)
        try await setup.reload()
        #expect(setup.resumed == [false, false])
        // The full handshake's session replaced it.
        try await setup.reload()
        #expect(setup.resumed == [false, false, true])
    }

    @Test func aServerThatRejectsTheTicketGetsAFullHandshake() async throws {
        let setup = try await Setup(mode: .rejectTickets)
        try await setup.reload()
        let first = try Data(contentsOf: try setup.onlyFile())
        try await setup.reload()
        #expect(setup.resumed == [false, false])
        #expect(setup.relay.failedHandshakes == 0)
        // The turned-down session is gone; the new handshake's is kept.
        #expect(try Data(contentsOf: try setup.onlyFile()) != first)
    }

    @Test func aDamagedOrLinkedFileMeansAFullHandshakeNeverAFailure() async throws {
        let setup = try await Setup()
        try await setup.reload()
        let file = try setup.onlyFile()
        let good = try Data(contentsOf: file)
        try Data(good.prefix(good.count / 3)).write(to: file)
        try await setup.reload()
        try Data((0..<500).map { _ in UInt8.random(in: 0...255) }).write(to: file)
        try await setup.reload()
        // A link to a valid session is refused too, and replaced, never followed.
        let elsewhere = setup.home.url.appendingPathComponent("elsewhere")
        #expect(rename(file.path, elsewhere.path) == 0)
        #expect(symlink(elsewhere.path, file.path) == 0)
        let linked = try Data(contentsOf: elsewhere)
        try await setup.reload()
        #expect(setup.resumed == [false, false, false, false])
        var info = stat()
        #expect(lstat(file.path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFREG)
        #expect(try Data(contentsOf: elsewhere) == linked)
        try await setup.reload()
        #expect(setup.resumed.last == true)
    }

    @Test func logoutAndCacheClearRemoveTheFile() async throws {
        let setup = try await Setup()
        let login = try await setup.run(["login", "me@example.com"])
        #expect(login.status == 0, "stderr: \(login.stderr)")
        // A new user forgets what the previous one left, the session its login kept included:
        // no server can tie the new user's connections to the old one's by a ticket.
        #expect(setup.sessionFiles.isEmpty)
        try await setup.reload()
        #expect(setup.sessionFiles.count == 1)
        let logout = try await setup.run(["logout"])
        #expect(logout.status == 0, "stderr: \(logout.stderr)")
        #expect(setup.sessionFiles.isEmpty)
        try await setup.reload()
        #expect(setup.sessionFiles.count == 1)
        let clear = try await setup.run(["cache", "clear"])
        #expect(clear.status == 0, "stderr: \(clear.stderr)")
        #expect(setup.sessionFiles.isEmpty)
        try await setup.reload()
        try await setup.reload(endpoint: "https://localhost:\(setup.relay.port)/graphql")
        #expect(setup.sessionFiles.count == 2)
        let clearAll = try await setup.run(["cache", "clear", "--all"])
        #expect(clearAll.status == 0, "stderr: \(clearAll.stderr)")
        #expect(setup.sessionFiles.isEmpty)
        // Nothing was resumed after a removal.
        #expect(setup.resumed == [false, false, false, false, false])
    }

    @Test func plainHTTPNeverLoadsOpenSSL() async throws {
        let setup = try await Setup()
        let trace = setup.home.url.appendingPathComponent("loader")
        // The dynamic loader's own account of every library it maps, dlopen included.
        func libraries(_ arguments: [String], endpoint: String) async throws -> String {
            let result = try await setup.run(arguments, endpoint: endpoint, environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": trace.path])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: setup.home.url.path)) ?? []
            var text = ""
            for name in names where name.hasPrefix("loader") {
                let url = setup.home.url.appendingPathComponent(name)
                text += (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(at: url)
            }
            return text
        }
        let http = setup.server.endpoint
        let network = try await libraries(["details", "1", "--force-reload"], endpoint: http)
        let cached = try await libraries(["details", "1"], endpoint: http)
        let secure = try await libraries(["details", "1", "--force-reload"], endpoint: setup.relay.endpoint)
        // The control: the loader's account names libssl when https is used.
        #expect(secure.contains("libssl.so.3"))
        #expect(network.contains("libsqlite3") && !network.contains("libssl") && !network.contains("libcrypto"))
        #expect(cached.contains("libsqlite3") && !cached.contains("libssl") && !cached.contains("libcrypto"))
    }
}
