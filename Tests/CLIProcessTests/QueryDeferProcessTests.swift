import Foundation
import Testing
import TestSupport

/// `rocket-reserver query FILE` with `@defer` against a third-party server that delivers it
/// incrementally, Strawberry on graphql-core 3.3 (issue 30): the merged answer printed once it
/// is complete; with `--json --incremental` each part as one line as it arrives, the first before
/// the deferred part is even sent; a part with errors printed as `query` prints errors, status 1.
@Suite(
    "rocket-reserver binary: query with @defer",
    .enabled(if: StrawberryDeferPeer.python != nil, Comment(rawValue: StrawberryDeferPeer.unavailableNote)),
    .timeLimit(.minutes(5))
)
struct QueryDeferProcessTests {
    private static let deferred = """
        query Deferred($gate: String, $delay: Int) {
          launch(id: "25", gate: $gate, delayMs: $delay) {
            id
            site
            ... @defer(label: "rocket") { rocket { id name } }
          }
        }
        """

    private func document(_ text: String, named name: String = "operation.graphql", in home: TemporaryDirectory) throws -> String {
        let url = home.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func withoutIncrementalTheMergedAnswerIsPrintedOnceComplete() async throws {
        let peer = try await StrawberryDeferPeer()
        defer { peer.stop() }
        let home = try TemporaryDirectory(prefix: "query-defer")
        defer { home.remove() }
        let file = try document(Self.deferred, in: home)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["query", file, "--var", "delay=50"],
            environment: ClientEnvironment.make(home: home, endpoint: peer.endpoint.absoluteString), deadline: 60
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            {
              "launch": {
                "id": "25",
                "site": "CCAFS SLC 40",
                "rocket": {
                  "id": "falcon9",
                  "name": "Falcon 9"
                }
              }
            }

            """)
        #expect(result.stderr.isEmpty)
    }

    /// The peer holds the deferred part until the gate is opened, which the test does only once
    /// the first line arrived: the line cannot have waited for the whole answer.
    @Test func withIncrementalEachPartIsALineAndTheFirstArrivesBeforeTheDeferredPartIsSent() async throws {
        let peer = try await StrawberryDeferPeer()
        defer { peer.stop() }
        let home = try TemporaryDirectory(prefix: "query-defer")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: peer.endpoint.absoluteString)
        let file = try document(Self.deferred, in: home)
        let running = try await RunningClient(["query", file, "--json", "--incremental", "--var", "gate=rocket"], environment: environment)
        defer { running.terminateIfRunning() }
        let first = "{\"launch\":{\"id\":\"25\",\"site\":\"CCAFS SLC 40\"}}\n"
        #expect(await running.stdout.text(timeout: 60) { $0.contains("\n") } == first)
        #expect(running.process.isRunning)

        let opener = try document("mutation Open($name: String!) { openGate(name: $name) }", named: "open.graphql", in: home)
        let opened = try await ProcessRunner.run(BuiltProducts.client, ["query", opener, "--var", "name=rocket"], environment: environment, deadline: 60)
        #expect(opened.status == 0, "\(opened.stderr)")

        let whole = first + "{\"launch\":{\"id\":\"25\",\"site\":\"CCAFS SLC 40\",\"rocket\":{\"id\":\"falcon9\",\"name\":\"Falcon 9\"}}}\n"
        #expect(await running.stdout.text(timeout: 60) { $0 == whole } == whole)
        await running.exit.wait()
        #expect(running.process.terminationStatus == 0)
        #expect(await running.stderr.text(timeout: 10) { _ in false }.isEmpty)
    }

    @Test func aDeferredPartWithErrorsIsPrintedAsQueryPrintsErrorsWithStatusOne() async throws {
        let peer = try await StrawberryDeferPeer()
        defer { peer.stop() }
        let home = try TemporaryDirectory(prefix: "query-defer")
        defer { home.remove() }
        let file = try document("query Broken { launch(id: \"7\") { id ... @defer { broken } } }", in: home)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["query", file, "--json", "--incremental"],
            environment: ClientEnvironment.make(home: home, endpoint: peer.endpoint.absoluteString), deadline: 60
        )
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout == "{\"launch\":{\"id\":\"7\"}}\n{\"launch\":{\"id\":\"7\",\"broken\":null}}\n")
        #expect(result.stderr == "rocket-reserver: The server answered with an error: the rocket's telemetry is unavailable (at launch.broken).\n")
    }
}
