import Foundation
import Testing
import RocketReserverServerCore

/// A real third-party client against the server: Python gql's `gql-cli URL -V id:25`, which
/// sends `{"variables":{"id":25}}` (a JSON integer for an `ID!`).
///
/// `Scripts/test` installs gql into `Benchmarks/.venv` (as `Scripts/bench` does) and points
/// `ROCKET_RESERVER_GQL_CLI` at it; without it the test is skipped with that note.
@Suite("third-party client")
struct ThirdPartyClientTests {
    static let gqlCLI: String? = {
        let environment = ProcessInfo.processInfo.environment["ROCKET_RESERVER_GQL_CLI"]
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [environment, root.appendingPathComponent("Benchmarks/.venv/bin/gql-cli").path].compactMap { $0 }
        return candidates.first { !$0.isEmpty && FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test(.enabled(if: gqlCLI != nil, "gql-cli is not installed: Scripts/test installs it into Benchmarks/.venv with pip (python3 -m venv; pip install 'gql[aiohttp]')"))
    func gqlCLIWithAnIntegerIDVariable() async throws {
        let executable = try #require(Self.gqlCLI)
        let server = try await RocketReserverServer.start(ServerConfiguration(port: 0))
        defer { Task { try? await server.stop() } }
        let result = try await Self.run(executable, [server.urlString, "-V", "id:25"], input: "query Launch($id: ID!) { launch(id: $id) { id site } }\n")
        #expect(result.status == 0, "gql-cli exited \(result.status): \(result.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let launch = answer?["launch"] as? [String: Any]
        #expect(launch?["id"] as? String == "25", "stdout: \(result.stdout) stderr: \(result.stderr)")

    }

    /// Runs a program with `input` on stdin, its output in files: nothing blocks a thread of the
    /// concurrency pool, which the in-process server needs to answer.
    static func run(_ executable: String, _ arguments: [String], input: String) async throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gql-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inURL = folder.appendingPathComponent("in"), outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        try Data(input.utf8).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let finished = AsyncStream<Void> { continuation in
            process.terminationHandler = { _ in continuation.finish() }
        }
        try process.run()
        for await _ in finished {}
        return (process.terminationStatus, try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8))
    }
}
