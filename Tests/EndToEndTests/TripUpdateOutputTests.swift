import Foundation
import Testing
import TestSupport

/// `book` and `cancel` print the same, text and `--json`, whether or not the launch was cached
/// (issue 12 item 7): the mutations ask the server for the launch's details themselves.
@Suite("book and cancel output does not depend on the cache", .serialized, .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct TripUpdateOutputTests {
    /// One user's home against the shared server.
    struct Client {
        let home: TemporaryDirectory
        let endpoint: String

        func run(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner.run(
                BuiltProducts.client, arguments,
                environment: ClientEnvironment.make(home: home, endpoint: endpoint),
                deadline: 60
            )
        }

        /// Runs a command that must succeed and returns its stdout.
        func output(_ arguments: [String]) async throws -> String {
            let result = try await run(arguments)
            #expect(result.status == 0, "\(arguments) exited \(result.status): \(result.stderr)")
            return result.stdout
        }
    }

    @Test(arguments: [[String](), ["--json"]])
    func sameOutputWithAnEmptyAndAWarmCache(_ format: [String]) async throws {
        let serverFolder = try TemporaryDirectory(prefix: "trip-output-server")
        defer { serverFolder.remove() }
        let server = try await ReferenceServer(stateFile: serverFolder.url.appendingPathComponent("state.json"))
        defer { server.stop() }
        let launch = "7"
        var outputs: [String: [String]] = [:]
        for (index, warm) in [false, true].enumerated() {
            let home = try TemporaryDirectory(prefix: "trip-output-client")
            defer { home.remove() }
            let client = Client(home: home, endpoint: server.endpoint)
            _ = try await client.output(["login", "traveller\(index)@example.com"])
            if warm { _ = try await client.output(["details", launch]) }
            let booked = try await client.output(["book", launch] + format)
            // Empty the cache again (booking's answer filled it), or warm it, before cancelling.
            _ = try await client.output(warm ? ["details", launch] : ["cache", "clear"])
            let cancelled = try await client.output(["cancel", launch] + format)
            outputs[warm ? "warm" : "empty"] = [booked, cancelled]
        }
        let empty = try #require(outputs["empty"])
        #expect(empty == outputs["warm"])
        #expect(empty[0].contains(format.isEmpty ? "is now booked" : #""isBooked":true"#), "\(empty[0])")
        #expect(empty[1].contains(format.isEmpty ? "is not booked" : #""isBooked":false"#), "\(empty[1])")
        if !format.isEmpty { #expect(empty[0].contains(#""rocket""#), "\(empty[0])") }
    }
}
