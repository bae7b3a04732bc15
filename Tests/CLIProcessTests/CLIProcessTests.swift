import Foundation
import Testing
import TestSupport

/// Runs the built `rocket-reserver` binary and checks its output and exit status.
@Suite("rocket-reserver binary", .timeLimit(.minutes(5)))
struct CLIProcessTests {
    private func run(_ arguments: String..., endpoint: String? = nil, extra: [String: String] = [:]) async throws -> (ProcessResult, [String: Data]) {
        let home = try TemporaryDirectory(prefix: "cli")
        defer { home.remove() }
        let result = try await ProcessRunner.run(
            BuiltProducts.client, arguments,
            environment: ClientEnvironment.make(home: home, endpoint: endpoint, extra: extra),
            deadline: 30
        )
        return (result, home.snapshot())
    }

    @Test func helpForTheToolAndEveryCommand() async throws {
        let (tool, _) = try await run("--help")
        #expect(tool.status == 0)
        #expect(tool.stdout.contains("Usage: rocket-reserver [options] <command>"))
        for command in ["login", "logout", "launches", "details", "book", "cancel", "trips"] {
            let (help, _) = try await run(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains("Usage: rocket-reserver \(command)"))
            #expect(help.stderr.isEmpty)
        }
        let (version, _) = try await run("--version")
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("rocket-reserver "))
    }

    @Test(arguments: [
        ["launch"], ["details"], ["details", "1", "--bogus"], ["login", "nobody"], ["login", ""],
        ["details", "12 34"], ["book", String(repeating: "9", count: 100_000)], ["launches", "--page-size", "x"],
        ["--endpoint", "ftp://127.0.0.1/x", "launches"], ["book", "ключ"], ["details", "1\u{1}"],
    ])
    func usageErrorsExit64WithOneSentenceAndWriteNothing(_ arguments: [String]) async throws {
        let home = try TemporaryDirectory(prefix: "cli")
        defer { home.remove() }
        let result = try await ProcessRunner.run(BuiltProducts.client, arguments, environment: ClientEnvironment.make(home: home), deadline: 30)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("rocket-reserver: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.count < 400)
        #expect(home.snapshot().isEmpty)
    }

    @Test func bookingWithoutALoginExits77() async throws {
        let port = try #require(ClosedLoopbackPort.make())
        let (result, files) = try await run("book", "25", endpoint: "http://127.0.0.1:\(port)/graphql")
        #expect(result.status == 77)
        #expect(result.stderr.contains("not logged in"))
        #expect(files.isEmpty)
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let port = try #require(ClosedLoopbackPort.make())
        let (result, _) = try await run("launches", "--json", endpoint: "http://127.0.0.1:\(port)/graphql")
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Could not reach the server"))
    }

    @Test func anUnknownHostIsUnreachable() async throws {
        let (result, _) = try await run("details", "1", endpoint: "http://rocket-reserver.invalid/graphql", extra: ["ROCKET_RESERVER_TIMEOUT": "5"])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("rocket-reserver: "))
    }

    @Test func credentialsAreNotSentOverPlainHTTPToARemoteHost() async throws {
        let (result, files) = try await run("login", "me@example.com", endpoint: "http://rocket-reserver.invalid/graphql")
        #expect(result.status == 64)
        #expect(result.stderr.contains("ROCKET_RESERVER_ALLOW_INSECURE_HTTP=1"))
        #expect(files.isEmpty)
    }
}
