import Foundation
import Testing
import TestSupport

/// Settings that cannot be used as given are refused before anything is sent: credentials
/// in the endpoint URL (never echoed) and a relative `ROCKET_RESERVER_HOME`.
@Suite("Refused settings", .timeLimit(.minutes(5)))
struct EnvironmentRefusalTests {
    static func endpoints(port: UInt16) -> [String] {
        [
            "http://user:secret@127.0.0.1:\(port)/graphql", "http://user:secret@localhost:\(port)/graphql",
            "https://user:secret@example.invalid/graphql", "http://:secret@127.0.0.1:\(port)/graphql",
            "http://secret@127.0.0.1:\(port)/graphql", "ftp://user:secret@127.0.0.1/graphql",
            "http://user:secret@@127.0.0.1:\(port)/graphql", "HTTP://user:secret@127.0.0.1:\(port)?x=1",
        ]
    }

    @Test func credentialsInTheEndpointAreRefusedWithoutBeingEchoed() async throws {
        let session = try await FaultSession(prepared: false)
        for endpoint in Self.endpoints(port: session.server.port) {
            for viaVariable in [false, true] {
                let arguments = ["launches"]
                let result = await viaVariable
                    ? try await ProcessRunner.run(BuiltProducts.client, arguments,
                                            environment: ClientEnvironment.make(home: session.home, endpoint: endpoint))
                    : try session.run(arguments, endpoint: endpoint)
                #expect(result.status == 64, "\(endpoint): exit \(result.status): \(result.stderr)")
                #expect(!result.stderr.contains("secret") && !result.stderr.contains("user:"), "echoed: \(result.stderr)")
                #expect(result.stderr.contains("Credentials in the endpoint URL"), "stderr: \(result.stderr)")
                #expect(!result.stderr.contains("not an http or https URL"), "stderr: \(result.stderr)")
            }
        }
        #expect(session.server.requestCount == 0)
    }

    @Test(arguments: ["state", "./state", "~/state", "../state"])
    func aRelativeStateHomeIsRefused(_ home: String) async throws {
        let session = try await FaultSession(prepared: false)
        let unique = home.replacingOccurrences(of: "state", with: "rr-relative-\(UUID().uuidString)")
        for command in [["launches"], ["login", "me@example.com"], ["logout"]] {
            let result = try await ProcessRunner.run(
                BuiltProducts.client, ["--endpoint", session.server.endpoint] + command,
                environment: ClientEnvironment.make(home: session.home, extra: ["ROCKET_RESERVER_HOME": unique])
            )
            #expect(result.status == 64, "\(command): exit \(result.status): \(result.stderr)")
            #expect(result.stderr.contains("ROCKET_RESERVER_HOME must be an absolute path"), "stderr: \(result.stderr)")
            FaultExpectations.expectPlainMessage(result.stderr)
        }
        #expect(session.server.requestCount == 0)
        #expect(!FileManager.default.fileExists(atPath: unique))
        #expect(session.allPaths().isEmpty)
    }

    @Test func relativeXDGFoldersAreIgnoredAsTheSpecificationSays() async throws {
        let session = try await FaultSession(prepared: false)
        var environment = ClientEnvironment.make(home: session.home, extra: ["XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache"])
        environment["ROCKET_RESERVER_HOME"] = nil
        let result = try await ProcessRunner.run(BuiltProducts.client, ["--endpoint", session.server.endpoint, "login", "me@example.com"],
                                           environment: environment)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(session.allPaths().contains { $0.hasPrefix("/.config/rocket-reserver/credential-") }, "\(session.allPaths())")
    }
}
