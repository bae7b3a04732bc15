import Foundation
import Testing
import TestSupport

/// Certificate verification is always on: a server whose certificate does not check out gets
/// exit 69 with the problem in words and a pointer to `--cacert`, and not one application
/// byte (so no token) before the handshake is verified.
@Suite("Certificates", .timeLimit(.minutes(5)))
struct CertificateTests {
    static let query = QueryFaultTests.query

    struct Case: Sendable, CustomTestStringConvertible {
        var certificate: TLSFixture
        var words: String
        var testDescription: String { certificate.rawValue }
    }

    static let failures: [Case] = [
        Case(certificate: .selfSigned, words: "not trusted (self-signed certificate)"),
        Case(certificate: .unknownCA, words: "not trusted (unable to get local issuer certificate)"),
        Case(certificate: .expired, words: "has expired"),
        Case(certificate: .wrongHost, words: "is for another host"),
    ]

    @Test(arguments: failures)
    func refusedBeforeAnyByteIsSent(_ failure: Case) async throws {
        let session = try await FaultSession(https: true)
        let front = try #require(session.front)
        try front.present(failure.certificate)
        let before = session.home.snapshot()
        // `book` carries the stored token; it must not leave.
        let result = try await session.run(["book", "1"])
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(result.stderr.contains(failure.words), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("--cacert"), "stderr: \(result.stderr)")
        #expect(front.handshakes == 0)
        #expect(front.received.isEmpty, "\(front.received.count) application bytes arrived before a verified handshake")
        #expect(session.server.requestCount == 0)
    }

    @Test func theTestCAIsNotTrustedWithoutCacert() async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", session.endpoint] + Self.query,
            environment: ClientEnvironment.make(home: session.home)
        )
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("not trusted"), "stderr: \(result.stderr)")
        #expect(session.front?.received.isEmpty == true)
    }

    @Test func cacertFromTheEnvironment() async throws {
        let session = try await FaultSession(https: true)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", session.endpoint] + Self.query + ["--json"],
            environment: ClientEnvironment.make(home: session.home, extra: ["ROCKET_RESERVER_CACERT": TLSFixture.caFile])
        )
        #expect(result.status == 0, "stderr: \(result.stderr)")
    }

    @Test func sslCertFileIsHonoured() async throws {
        let session = try await FaultSession(https: true)
        // A bundle with the test CA last, as a system bundle with a company CA appended.
        let bundle = session.home.url.appendingPathComponent("bundle.pem")
        let system = (try? Data(contentsOf: URL(fileURLWithPath: "/etc/ssl/certs/ca-certificates.crt"))) ?? Data()
        try (system + Data(contentsOf: URL(fileURLWithPath: TLSFixture.caFile))).write(to: bundle)
        for file in [TLSFixture.caFile, bundle.path] {
            let result = try await ProcessRunner.run(
                BuiltProducts.client, ["--endpoint", session.endpoint] + Self.query + ["--json"],
                environment: ClientEnvironment.make(home: session.home, extra: ["SSL_CERT_FILE": file])
            )
            #expect(result.status == 0, "SSL_CERT_FILE=\(file == bundle.path ? "bundle" : "ca.pem"): \(result.stderr)")
        }
    }

    @Test func sslCertDirIsHonoured() async throws {
        let session = try await FaultSession(https: true)
        let folder = TLSFixture.folder.appendingPathComponent("ca-dir").path
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", session.endpoint] + Self.query + ["--json"],
            environment: ClientEnvironment.make(home: session.home, extra: ["SSL_CERT_DIR": folder])
        )
        #expect(result.status == 0, "stderr: \(result.stderr)")
    }

    @Test(arguments: ["missing.pem", "/"])
    func unreadableCacertIsAUsageError(_ name: String) async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let file = name.hasPrefix("/") ? name : session.home.url.appendingPathComponent(name).path
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", session.endpoint, "--cacert", file] + Self.query,
            environment: ClientEnvironment.make(home: session.home)
        )
        #expect(result.status == 64, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("CA file"), "stderr: \(result.stderr)")
        #expect(session.front?.handshakes == 0)
        #expect(session.server.requestCount == 0)
    }

    @Test func aCacertThatIsNotPEMFailsBeforeConnecting() async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let file = session.home.url.appendingPathComponent("not-a-ca.pem")
        try Data("hello".utf8).write(to: file)
        let result = try await session.run(Self.query + ["--cacert", file.path])
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("could not be loaded"), "stderr: \(result.stderr)")
        #expect(session.front?.received.isEmpty == true)
    }
}
