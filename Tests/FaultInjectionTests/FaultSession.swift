import Foundation
import Testing
import TestSupport

/// A client home and a ``FaultServer`` for one test, torn down together.
///
/// When prepared, the home holds a stored login and a warm cache for the server's endpoint
/// (made with `login` and `details 1` while the server still answers like the tutorial), and
/// the server's request log is cleared, so a test can switch the server's behaviour and see
/// only what the command under test sends.
final class FaultSession {
    /// The launch whose details are cached by ``prepare()``.
    static let cachedLaunch = "1"

    /// The token the server issues; unique per session so that a leak cannot come from elsewhere.
    let token: String
    let home: TemporaryDirectory
    let server: FaultServer
    /// With `https: true`, a TLS front (test CA's certificate) relaying to ``server``.
    let front: TLSFront?
    /// The endpoint commands use: the front's `https://` one, else the server's.
    let endpoint: String

    init(prepared: Bool = true, https: Bool = false) async throws {
        let token = "fault-token-\(UUID().uuidString)"
        self.token = token
        server = try FaultServer(FaultServerTutorial.behaviour(token: token))
        front = https ? try TLSFront(.forward(port: server.port)) : nil
        endpoint = front?.endpoint ?? server.endpoint
        do {
            home = try TemporaryDirectory(prefix: "fault")
        } catch {
            server.stop()
            throw error
        }
        if prepared { try await prepare() }
    }

    deinit {
        front?.stop()
        server.stop()
        home.remove()
    }

    /// Logs in and loads the cached launch's details against the still well-behaved server.
    func prepare() async throws {
        let login = try await run(["login", "me@example.com", "--json"])
        try #require(login.status == 0, "preparing: login exited \(login.status): \(login.stderr)")
        let details = try await run(["details", Self.cachedLaunch, "--json"])
        try #require(details.status == 0, "preparing: details exited \(details.status): \(details.stderr)")
        let files = home.snapshot()
        try #require(!credentialFiles(files).isEmpty, "preparing: no credential file in \(files.keys.sorted())")
        try #require(!cacheFiles(files).isEmpty, "preparing: no cache file in \(files.keys.sorted())")
        server.clearRequests()
        front?.clearRecords()
    }

    /// Runs the built client with `--endpoint` (``endpoint`` unless one is given) first, and
    /// over https `--cacert` with the test CA.
    func run(
        _ arguments: [String],
        endpoint: String? = nil,
        deadline: TimeInterval = 30,
        environment extra: [String: String] = [:],
        samplesPeakMemory: Bool = false
    ) async throws -> ProcessResult {
        let trust = front == nil ? [] : ["--cacert", TLSFixture.caFile]
        return try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", endpoint ?? self.endpoint] + trust + arguments,
            environment: ClientEnvironment.make(home: home, extra: extra),
            deadline: deadline,
            samplesPeakMemory: samplesPeakMemory
        )
    }

    /// The files under `credentials/`.
    func credentialFiles(_ snapshot: [String: Data]) -> [String: Data] {
        snapshot.filter { $0.key.hasPrefix("/credentials/") }
    }

    /// The cache data files under `cache/` (not their `.lock` siblings).
    func cacheFiles(_ snapshot: [String: Data]) -> [String: Data] {
        snapshot.filter { $0.key.hasPrefix("/cache/") && !$0.key.hasSuffix(".lock") }
    }

    /// The requests that carried a `bookTrips` mutation.
    var bookingRequests: [FaultServerRequest] {
        server.requests.filter { $0.graphQLQuery.contains("bookTrips") }
    }
}
