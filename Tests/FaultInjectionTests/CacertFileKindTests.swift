import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A CA file the user names (`--cacert`, `ROCKET_RESERVER_CACERT`, `SSL_CERT_FILE`) that is
/// not a regular file of sensible size is a usage error (64) before anything is sent: a FIFO
/// would otherwise hang the run inside OpenSSL, with no timeout.
@Suite("CA file kinds", .timeLimit(.minutes(5)))
struct CacertFileKindTests {
    enum Source: String, CaseIterable, Sendable {
        case option = "--cacert"
        case variable = "ROCKET_RESERVER_CACERT"
        case bundle = "SSL_CERT_FILE"
    }

    enum Kind: String, CaseIterable, Sendable {
        case fifo, folder, device, huge, missingSymlinkTarget

        var words: String {
            switch self {
            case .fifo: "is a FIFO"
            case .folder: "is a folder"
            case .device: "is a device"
            case .huge: "is larger than 16 MiB"
            case .missingSymlinkTarget: "does not exist"
            }
        }
    }

    /// Makes a `kind` at a new path in `folder` (outside the client's home: a snapshot would
    /// read a FIFO).
    static func make(_ kind: Kind, in folder: TemporaryDirectory) throws -> String {
        let path = folder.url.appendingPathComponent("ca-\(kind.rawValue).pem").path
        switch kind {
        case .fifo: try #require(mkfifo(path, 0o600) == 0)
        case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .device: return "/dev/zero"
        case .huge:
            try #require(FileManager.default.createFile(atPath: path, contents: nil))
            try #require(truncate(path, off_t(17 << 20)) == 0)
        case .missingSymlinkTarget: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".gone")
        }
        return path
    }

    @Test(arguments: Source.allCases, Kind.allCases)
    func aCAFileThatIsNotARegularFileIs64BeforeConnecting(source: Source, kind: Kind) async throws {
        // SSL_CERT_FILE that is missing is skipped as OpenSSL skips it: not a refusal.
        if source == .bundle, kind == .missingSymlinkTarget { return }
        let session = try await FaultSession(https: true)
        let folder = try TemporaryDirectory(prefix: "cacert")
        defer { folder.remove() }
        let path = try Self.make(kind, in: folder)
        let arguments = source == .option ? ["--cacert", path] : []
        let variables = source == .option ? [:] : [source.rawValue: path]
        let before = session.home.snapshot()
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", session.endpoint] + arguments + ["book", "1"],
            environment: ClientEnvironment.make(home: session.home, extra: variables), deadline: 20
        )
        FaultExpectations.expectCleanFailure(result, status: [64], session: session, before: before)
        #expect(result.stderr.contains(kind.words), "stderr: \(result.stderr)")
        #expect(result.stderr.contains(source.rawValue), "stderr: \(result.stderr)")
        #expect(session.front?.handshakes == 0)
        #expect(session.server.requestCount == 0)
    }

    /// A symbolic link to the CA (as system bundles often are) is followed.
    @Test(arguments: Source.allCases)
    func aSymlinkToTheCAIsFollowed(source: Source) async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let folder = try TemporaryDirectory(prefix: "cacert")
        defer { folder.remove() }
        let link = folder.url.appendingPathComponent("link.pem").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: TLSFixture.caFile)
        let arguments = source == .option ? ["--cacert", link] : []
        let variables = source == .option ? [:] : [source.rawValue: link]
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", session.endpoint] + arguments + QueryFaultTests.query + ["--json"],
            environment: ClientEnvironment.make(home: session.home, extra: variables)
        )
        #expect(result.status == 0, "stderr: \(result.stderr)")
    }

    /// `SSL_CERT_FILE` matters only for https: an http run does not look at it.
    @Test func sslCertFileIsNotLookedAtForHTTP() async throws {
        let session = try await FaultSession(prepared: false)
        let folder = try TemporaryDirectory(prefix: "cacert")
        defer { folder.remove() }
        let fifo = try Self.make(.fifo, in: folder)
        let result = try await session.run(QueryFaultTests.query + ["--json"], environment: ["SSL_CERT_FILE": fifo])
        #expect(result.status == 0, "stderr: \(result.stderr)")
    }

    /// Several certificates, text around them and another PEM block between: each certificate
    /// is added from memory, so the test CA anywhere in the file is trusted; a file with no
    /// certificate, or a damaged one, is refused (69) rather than trusted in part.
    @Test func aBundleReadFromMemoryTrustsEveryCertificateInIt() async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let folder = try TemporaryDirectory(prefix: "cacert")
        defer { folder.remove() }
        let ca = try String(contentsOfFile: TLSFixture.caFile, encoding: .utf8)
        let system = (try? String(contentsOfFile: "/etc/ssl/certs/ca-certificates.crt", encoding: .utf8)) ?? ""
        let bundle = folder.url.appendingPathComponent("bundle.pem")
        try ("# a company bundle\n" + system + "\nnot PEM at all\n-----BEGIN X509 CRL-----\nAAAA\n-----END X509 CRL-----\n" + ca)
            .write(to: bundle, atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", session.endpoint, "--cacert", bundle.path] + QueryFaultTests.query + ["--json"],
            environment: ClientEnvironment.make(home: session.home)
        )
        #expect(result.status == 0, "stderr: \(result.stderr)")
        // No certificate at all, or a damaged one among them (which would silently drop those after it).
        let damaged = "-----BEGIN CERTIFICATE-----\nMIIB!!notbase64\n-----END CERTIFICATE-----\n"
        for (name, text) in [("empty.pem", "no certificates here\n"), ("damaged.pem", ca + damaged + ca)] {
            let file = folder.url.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            let refused = try await ProcessRunner.run(
                BuiltProducts.client, ["--endpoint", session.endpoint, "--cacert", file.path] + QueryFaultTests.query,
                environment: ClientEnvironment.make(home: session.home)
            )
            #expect(refused.status == 69, "\(name): \(refused.stderr)")
            #expect(refused.stderr.contains("could not be loaded as PEM certificates"), "\(name): \(refused.stderr)")
        }
    }
}
