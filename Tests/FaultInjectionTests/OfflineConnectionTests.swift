import Foundation
import Testing
import TestSupport

/// `--offline` never opens a connection: against a server that records every request, and
/// against a closed loopback port (where any attempt would be "could not reach").
@Suite("Offline: no connection", .timeLimit(.minutes(5)))
struct OfflineConnectionTests {
    @Test func offlineCommandsSendNothing() async throws {
        let session = try await FaultSession()  // logged in; launch 1's details cached
        #expect(try await session.run(["launches"]).status == 0)
        #expect(try await session.run(["trips"]).status == 0)
        session.server.clearRequests()

        for arguments in [["launches"], ["details", FaultSession.cachedLaunch], ["trips"], ["launches", "--all"]] {
            let result = try await session.run(arguments + ["--offline"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        for arguments in [["details", "2"], ["launches", "--page-size", "9"]] {
            let result = try await session.run(arguments + ["--offline"])
            #expect(result.status == 69, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("not in the cache (offline)"))
        }
        for arguments in [["book", "1"], ["cancel", "1"], ["login", "you@example.com"]] {
            #expect(try await session.run(arguments + ["--offline"]).status == 64, "\(arguments)")
        }
        #expect(session.server.requestCount == 0, "offline commands reached the server: \(session.server.requests.map(\.graphQLQuery))")
    }

    @Test func aClosedPortIsNeverTriedOffline() async throws {
        let port = try #require(ClosedLoopbackPort.make())
        let home = try TemporaryDirectory(prefix: "offline-closed")
        defer { home.remove() }
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["details", "1", "--offline"],
            environment: ClientEnvironment.make(home: home, endpoint: "http://127.0.0.1:\(port)/graphql"),
            deadline: 30
        )
        #expect(result.status == 69)
        #expect(result.stderr == "rocket-reserver: This launch is not in the cache (offline). Run the command once without --offline to keep a copy.\n")
    }

    @Test func timeoutsFallBackButAnswersTheServerGaveDoNot() async throws {
        let session = try await FaultSession()
        #expect(try await session.run(["launches"]).status == 0)
        session.server.behaviour = .neverAnswer
        let slow = try await session.run(["launches", "--timeout", "0.5"])
        #expect(slow.status == 0, "\(slow.stderr)")
        #expect(slow.stderr.contains("Showing cached data from "), "stderr: \(slow.stderr)")
        #expect(slow.stderr.contains(" ago: the server could not be reached."), "stderr: \(slow.stderr)")
        session.server.behaviour = .json("not json")
        let garbled = try await session.run(["launches"])
        #expect(garbled.status == 76, "an answer not understood is not a reason to fall back: \(garbled.stderr)")
        #expect(!garbled.stderr.contains("Showing cached data"))
    }
}
