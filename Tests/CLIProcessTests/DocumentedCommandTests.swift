import Foundation
import Testing
import TestSupport

/// Every command line the README and CLI.md show in their code blocks is one the built binary
/// accepts: run with `--help` added, each exits 0 with its command's usage. A renamed option or
/// command fails here instead of in a user's shell. (`--help` parses the whole line first, and
/// connects to nothing.)
@Suite("Documented command lines", .timeLimit(.minutes(5)))
struct DocumentedCommandTests {
    static let documents = ["README.md", "Docs/CLI.md"]

    /// The arguments of each `rocket-reserver` command line in the fenced code blocks of
    /// `text`: without a leading `$ `, variable assignments, the program's path, a `#` comment or
    /// a `>` redirection; synopsis lines (with `<…>` or `[…]`) are left out.
    static func commandLines(in text: String) -> [[String]] {
        var inBlock = false
        var lines: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            var command = String(line)
            if let comment = command.range(of: " #") { command = String(command[..<comment.lowerBound]) }
            if let redirect = command.firstIndex(of: ">") { command = String(command[..<redirect]) }
            var words = command.split(whereSeparator: { $0 == " " }).map(String.init)
            if words.first == "$" { words.removeFirst() }
            while let first = words.first, first.contains("="), !first.hasPrefix("-") { words.removeFirst() }
            guard let program = words.first, program == "rocket-reserver" || program.hasSuffix("/rocket-reserver") else { continue }
            let arguments = Array(words.dropFirst())
            guard !arguments.isEmpty, !arguments.contains(where: { $0.contains("<") || $0.contains("[") }) else { continue }
            lines.append(arguments)
        }
        return lines
    }

    @Test func theDocumentsShowCommandLines() throws {
        for document in Self.documents {
            let text = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent(document), encoding: .utf8)
            #expect(Self.commandLines(in: text).count >= 3, "\(document): its command lines are no longer found")
        }
    }

    @Test(arguments: documents)
    func everyDocumentedCommandLineIsAccepted(_ document: String) async throws {
        let text = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let home = try TemporaryDirectory(prefix: "documented")
        defer { home.remove() }
        // Nothing should connect; if a line did, it would find a closed port.
        let port = try #require(ClosedLoopbackPort.make())
        for arguments in Self.commandLines(in: text) {
            let result = try await ProcessRunner.run(
                BuiltProducts.client, arguments.contains("--help") ? arguments : arguments + ["--help"],
                environment: ClientEnvironment.make(home: home, endpoint: "http://127.0.0.1:\(port)/graphql"),
                deadline: 30
            )
            let shown = arguments.joined(separator: " ")
            #expect(result.status == 0, "\(document): `rocket-reserver \(shown)` is refused: \(result.stderr)")
            #expect(result.stdout.contains("Usage: rocket-reserver"), "\(document): `rocket-reserver \(shown) --help` printed \(result.stdout.prefix(200))")
        }
    }

    @Test func theParserKeepsWhatAShellWouldRun() {
        let text = """
            ```
            .build/release/rocket-reserver details 110 --offline   # from the cache only
            $ rocket-reserver query Launch.graphql --var id=25
            ROCKET_RESERVER_PERSISTED_QUERIES=auto rocket-reserver --get details 110
            rocket-reserver completion bash > ~/.local/share/completions/rocket-reserver
            rocket-reserver [--endpoint URL] <command>
            ```
            rocket-reserver outside a block
            """
        #expect(Self.commandLines(in: text) == [
            ["details", "110", "--offline"], ["query", "Launch.graphql", "--var", "id=25"],
            ["--get", "details", "110"], ["completion", "bash"],
        ])
    }
}
