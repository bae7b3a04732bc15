import Foundation
import Testing
import TestSupport

/// `--persisted-queries` and `--get` from the command line: against a stand-in that records
/// what arrives (Apollo Server 3 without persisted queries, or one that knows no id), and
/// against the reference server (automatic persisted queries, and the app's manifest as a safelist).
@Suite("Persisted queries and GET from the command line", .timeLimit(.minutes(5)))
struct PersistedQueryProcessTests {
    static let notSupported = #"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#
    static let notFound = #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#
    static let manifest = BuiltProducts.packageRoot.appendingPathComponent("Adapters/RocketReserverAPI/persisted-query-manifest.json")

    static func json(_ request: FaultServerRequest) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
    }

    static func hasDocument(_ request: FaultServerRequest) -> Bool { json(request)["query"] != nil || request.target.contains("query=") }
    static func hasHash(_ request: FaultServerRequest) -> Bool {
        (json(request)["extensions"] as? [String: Any])?["persistedQuery"] != nil || request.target.contains("extensions=")
    }

    @Test func notSupportedIsRememberedSoTheNextProcessSendsTheDocumentAtOnce() async throws {
        let server = try FaultServer(.decide { request in
            Self.hasHash(request) ? .json(Self.notSupported) : .respond(status: 200, body: FaultServerTutorial.launchDetails(id: "3"))
        })
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "pq-unsupported")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["ROCKET_RESERVER_PERSISTED_QUERIES": "auto"])
        let first = try await ProcessRunner.run(BuiltProducts.client, ["details", "3", "--force-reload"], environment: environment, deadline: 60)
        #expect(first.status == 0, Comment(rawValue: first.stderr))
        #expect(server.requests.map(Self.hasDocument) == [false, true])
        #expect(server.requests.map(Self.hasHash) == [true, false])
        server.clearRequests()
        let second = try await ProcessRunner.run(BuiltProducts.client, ["details", "3", "--force-reload"], environment: environment, deadline: 60)
        #expect(second.status == 0, Comment(rawValue: second.stderr))
        #expect(server.requests.map(Self.hasDocument) == [true])
        #expect(server.requests.map(Self.hasHash) == [false])
    }

    @Test func onlyNeverSendsTheDocumentAndSaysWhatIsMissing() async throws {
        let server = try FaultServer(.json(Self.notFound))
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "pq-only")
        defer { home.remove() }
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--persisted-queries", "only", "details", "3"], environment: ClientEnvironment.make(home: home, endpoint: server.endpoint), deadline: 60
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not know the persisted document"), "\(result.stderr)")
        #expect(result.stderr.contains("manifest"))
        #expect(server.requestCount == 1)
        #expect(server.requests.allSatisfy { !Self.hasDocument($0) && Self.hasHash($0) })
    }

    @Test func getSendsOnlyTheHashInTheURLAndMutationsStayPOST() async throws {
        let server = try FaultServer(FaultServerTutorial.behaviour(token: "tok"))
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "pq-get")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["ROCKET_RESERVER_GET": "1"])
        let details = try await ProcessRunner.run(BuiltProducts.client, ["--persisted-queries", "auto", "details", "1"], environment: environment, deadline: 60)
        #expect(details.status == 0, "\(details.stderr)")
        let get = try #require(server.requests.first)
        #expect(get.method == "GET")
        #expect(get.target.contains("extensions="))
        #expect(!get.target.contains("query="))
        #expect(get.header("Accept") == "application/graphql-response+json, application/json;q=0.9")
        server.clearRequests()
        let login = try await ProcessRunner.run(BuiltProducts.client, ["--get", "login", "me@example.com"], environment: environment, deadline: 60)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(server.requests.map(\.method) == ["POST"])
    }

    @Test("A bad mode is a usage error", arguments: [["--persisted-queries", "sometimes", "launches"], ["--persisted-queries"]])
    func aBadModeIsAUsageError(arguments: [String]) async throws {
        let home = try TemporaryDirectory(prefix: "pq-usage")
        defer { home.remove() }
        let result = try await ProcessRunner.run(BuiltProducts.client, arguments, environment: ClientEnvironment.make(home: home, endpoint: "http://127.0.0.1:1/graphql"), deadline: 60)
        #expect(result.status == 64)
    }

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server (ROCKET_RESERVER_SERVER_BIN)"))
    func automaticPersistedQueriesAgainstTheReferenceServer() async throws {
        let setup = try await ReferenceServerClient(prefix: "pq-reference")
        defer { setup.stop() }
        for arguments in [["--persisted-queries", "auto", "details", "3", "--force-reload"], ["--persisted-queries", "auto", "--get", "details", "3", "--force-reload"],
                          ["--persisted-queries", "auto", "login", "apq@example.com"], ["--persisted-queries", "auto", "book", "3"]] {
            let result = try await setup.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server (ROCKET_RESERVER_SERVER_BIN)"))
    func onlyAgainstAServerGivenTheAppsManifest() async throws {
        let setup = try await ReferenceServerClient(prefix: "pq-safelist", serverArguments: ["--persisted-query-manifest", Self.manifest.path])
        defer { setup.stop() }
        for arguments in [["launches", "--page-size", "2"], ["details", "3"], ["login", "only@example.com"], ["book", "3"], ["trips"]] {
            let result = try await setup.run(["--persisted-queries", "only"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        // Without persisted queries the app's documents are on the list too; another document is not.
        let plain = try await setup.run("details", "4", "--force-reload")
        #expect(plain.status == 0, "\(plain.stderr)")
    }
}
