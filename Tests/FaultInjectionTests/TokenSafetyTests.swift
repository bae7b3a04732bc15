import Foundation
import Testing
import TestSupport

/// Where the token may go: only to the endpoint that issued it, only into the credential file.
@Suite("Token safety", .timeLimit(.minutes(5)))
struct TokenSafetyTests {
    @Test func theTokenIsSentOnlyToTheEndpointThatIssuedIt() async throws {
        let session = try await FaultSession()
        let other = try FaultServer(FaultServerTutorial.behaviour(token: "other"))
        defer { other.stop() }

        // Control: the issuing endpoint does get the token.
        let own = try await session.run(["details", "2", "--json"])
        #expect(own.status == 0, "exit \(own.status): \(own.stderr)")
        let ownHeaders = session.server.requests.compactMap { $0.header("Authorization") }
        #expect(!ownHeaders.isEmpty && ownHeaders.allSatisfy { $0.contains(session.token) })

        let elsewhere = try await session.run(["details", "2", "--json"], endpoint: other.endpoint)
        #expect(elsewhere.status == 0, "exit \(elsewhere.status): \(elsewhere.stderr)")
        #expect(other.requestCount >= 1)
        #expect(other.requests.allSatisfy { $0.header("Authorization") == nil })
        #expect(other.requests.allSatisfy { !$0.text.contains(session.token) })

        let booking = try await session.run(["book", "2"], endpoint: other.endpoint)
        #expect(booking.status == 77, "exit \(booking.status): \(booking.stderr)")
        #expect(other.requests.allSatisfy { $0.header("Authorization") == nil && !$0.graphQLQuery.contains("bookTrips") })
    }

    @Test func theTokenIsOnlyInThePrivateCredentialFile() async throws {
        let session = try await FaultSession()
        for arguments in [["details", "1", "--force-reload"], ["book", "1"], ["trips"], ["launches"]] {
            let result = try await session.run(arguments)
            #expect(result.status == 0, "\(arguments) exited \(result.status): \(result.stderr)")
            FaultExpectations.expectNoToken(result, session: session)
        }
        let files = session.home.snapshot()
        let holders = files.filter { $0.value.range(of: Data(session.token.utf8)) != nil }.keys
        #expect(holders.count == 1 && holders.allSatisfy { $0.hasPrefix("/credentials/") }, "the token is in \(holders.sorted())")
        #expect(files.keys.allSatisfy { !$0.contains(session.token) && !$0.contains("me@example.com") })
        let credentials = session.credentialFiles(files)
        #expect(credentials.count == 1, "expected one credential file, got \(credentials.keys.sorted())")

        let folder = session.home.url.appendingPathComponent("credentials")
        #expect(try mode(of: folder) == 0o700)
        for path in credentials.keys {
            #expect(try mode(of: session.home.url.appendingPathComponent(String(path.dropFirst()))) == 0o600)
        }
    }

    @Test func credentialsAreNeverSentOverPlainHTTPToARemoteHost() async throws {
        let home = try TemporaryDirectory(prefix: "fault")
        defer { home.remove() }
        for command in [["login", "me@example.com"], ["book", "1"], ["trips"]] {
            let result = try await ProcessRunner.run(
                BuiltProducts.client, ["--endpoint", "http://example.invalid/graphql"] + command,
                environment: ClientEnvironment.make(home: home), deadline: 30
            )
            #expect(result.status == 64, "\(command) exited \(result.status): \(result.stderr)")
            #expect(result.stderr.contains("ROCKET_RESERVER_ALLOW_INSECURE_HTTP"), "stderr: \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(home.snapshot().isEmpty)
    }

    @Test func logoutForgetsTheTokenAndTheUsersCache() async throws {
        let session = try await FaultSession()
        let result = try await session.run(["logout"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        let files = session.home.snapshot()
        #expect(session.credentialFiles(files).isEmpty)
        #expect(session.cacheFiles(files).isEmpty, "left \(session.cacheFiles(files).keys.sorted())")
        #expect(files.allSatisfy { $0.value.range(of: Data(session.token.utf8)) == nil })
    }

    private func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }
}
