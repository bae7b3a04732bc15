import Foundation
import Testing
import TestSupport

/// Bad command lines exit 64 with one sentence, send nothing to the server, and write nothing.
@Suite("Bad input", .timeLimit(.minutes(5)))
struct BadInputTests {
    /// A command line; `{endpoint}` and `{port}` stand for the fault server's.
    struct Line: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var testDescription: String { name }

        init(_ name: String, _ arguments: [String]) {
            self.name = name
            self.arguments = arguments
        }

        func resolved(for server: FaultServer) -> [String] {
            arguments.map {
                $0.replacingOccurrences(of: "{endpoint}", with: server.endpoint)
                    .replacingOccurrences(of: "{port}", with: String(server.port))
            }
        }
    }

    static let lines: [Line] = [
        Line("a 100,000-character launch id", ["details", String(repeating: "9", count: 100_000)]),
        Line("a 100,000-character email", ["login", String(repeating: "a", count: 100_000) + "@example.com"]),
        Line("a Cyrillic launch id", ["details", "ключ"]),
        Line("an Arabic-Indic digit as launch id", ["details", "٣"]),
        Line("a fullwidth digit as launch id", ["book", "１"]),
        Line("an escape sequence in a launch id", ["book", "1\u{1B}[31m"]),
        Line("a newline in a launch id", ["details", "1\n2"]),
        Line("DEL as launch id", ["details", "\u{7F}"]),
        Line("a space inside a launch id", ["details", "12 34"]),
        Line("a leading space in a launch id", ["details", " 1"]),
        Line("a trailing space in a launch id", ["book", "1 "]),
        Line("an empty launch id", ["details", ""]),
        Line("an unknown flag after the command", ["details", "1", "--bogus"]),
        Line("an unknown flag before the command", ["--frobnicate", "launches"]),
        Line("an unknown short flag", ["launches", "-x"]),
        Line("an unknown command", ["launch"]),
        Line("an extra argument", ["details", "1", "2"]),
        Line("--endpoint without a value at the end", ["launches", "--endpoint"]),
        Line("--endpoint without a value before the command", ["--endpoint", "--json", "launches"]),
        Line("--timeout without a value", ["details", "1", "--timeout"]),
        Line("--timeout that is not a number", ["--timeout", "soon", "launches"]),
        Line("--timeout that is negative", ["--timeout", "-1", "launches"]),
        Line("--page-size of zero", ["launches", "--page-size", "0"]),
        Line("an endpoint without a scheme", ["--endpoint", "127.0.0.1:{port}/graphql", "launches"]),
        Line("an endpoint with an unsupported scheme", ["--endpoint", "ftp://127.0.0.1:{port}/graphql", "launches"]),
        Line("an endpoint with a space", ["--endpoint", "http://127.0.0.1:{port}/gra phql", "launches"]),
        Line("an endpoint without a host", ["--endpoint", "http:///graphql", "launches"]),
        Line("an endpoint that is not a URL", ["--endpoint", "not a url", "details", "1"]),
        Line("an invalid email", ["--endpoint", "{endpoint}", "login", "nobody"]),
    ]

    @Test(arguments: lines)
    func exits64AndTouchesNothing(_ line: Line) async throws {
        let session = try await FaultSession(prepared: false)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, line.resolved(for: session.server),
            environment: ClientEnvironment.make(home: session.home, endpoint: session.server.endpoint),
            deadline: 30
        )
        #expect(result.status == 64, "exit \(result.status), stderr: \(result.stderr.prefix(300))")
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout.prefix(300))")
        FaultExpectations.expectPlainMessage(result.stderr)
        #expect(session.server.requestCount == 0)
        #expect(session.home.snapshot().isEmpty)
    }

    @Test func flagsMayStandAnywhere() async throws {
        let session = try await FaultSession(prepared: false)
        for arguments in [["details", "--json", "5", "--force-reload"], ["--json", "details", "5"], ["details", "5", "--json", "--timeout=5"]] {
            session.server.clearRequests()
            let result = try await ProcessRunner.run(
                BuiltProducts.client, arguments,
                environment: ClientEnvironment.make(home: session.home, endpoint: session.server.endpoint),
                deadline: 30
            )
            #expect(result.status == 0, "\(arguments) exited \(result.status): \(result.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(document?["id"] as? String == "5", "\(arguments) printed \(result.stdout)")
        }
    }

    @Test func loginOverPlainHTTPToARemoteHostNamesTheOverride() async throws {
        let session = try await FaultSession(prepared: false)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", "http://example.invalid/graphql", "login", "me@example.com"],
            environment: ClientEnvironment.make(home: session.home), deadline: 30
        )
        #expect(result.status == 64)
        #expect(result.stderr.contains("ROCKET_RESERVER_ALLOW_INSECURE_HTTP"), "stderr: \(result.stderr)")
        FaultExpectations.expectPlainMessage(result.stderr)
        #expect(session.home.snapshot().isEmpty)
    }
}
