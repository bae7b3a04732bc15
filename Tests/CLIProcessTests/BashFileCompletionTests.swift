import Foundation
import Testing
import TestSupport

/// The bash completion of a file option (`schema --output`, `query --schema`, `--cacert`) or argument (`query FILE`)
/// offers each file name whole, whatever it holds: spaces, quotes, a tab, glob characters, a
/// leading dash; what is typed may be quoted or escaped.
@Suite("bash file-name completion")
struct BashFileCompletionTests {
    static let names = ["my file.graphql", "it's here", "tab\there", "*", "[ab]", "-dash", "plain", "$HOME"]

    @Test(.enabled(if: InstalledProgram.path("bash") != nil, "bash is not installed"))
    func fileNamesWithSpacesQuotesAndGlobsAreCompletedWhole() async throws {
        let folder = try TemporaryDirectory(prefix: "completion")
        defer { folder.remove() }
        let files = folder.url.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files.appendingPathComponent("sub dir"), withIntermediateDirectories: true)
        for name in Self.names { try Data().write(to: files.appendingPathComponent(name)) }
        let generated = try await ProcessRunner.run(BuiltProducts.client, ["completion", "bash"], environment: ClientEnvironment.make(home: folder), deadline: 30)
        try #require(generated.status == 0)
        let script = folder.url.appendingPathComponent("completion.bash")
        try Data(generated.stdout.utf8).write(to: script)
        let bash = try #require(InstalledProgram.path("bash"))

        // Each probe prints its candidates, sorted, between <>, then a line "--".
        let probes: [(words: [String], expected: [String])] = [
            (["schema", "--output", "my"], ["my file.graphql"]),
            (["schema", "--output", "'my f"], ["my file.graphql"]),
            (["schema", "--output", "\"my f"], ["my file.graphql"]),
            (["schema", "--output", #"my\ f"#], ["my file.graphql"]),
            (["schema", "--output", "it"], ["it's here"]),
            (["schema", "--output", #"it\'s"#], ["it's here"]),
            (["schema", "--output", "\"it's"], ["it's here"]),
            (["schema", "--output", "ta"], ["tab\there"]),
            (["schema", "--output", "*"], ["*"]),
            (["schema", "--output", "["], ["[ab]"]),
            (["schema", "--output", "-"], ["-dash"]),
            (["schema", "--output", "'$"], ["$HOME"]),
            (["schema", "--output", "=", "pl"], ["plain"]),
            (["query", "x.graphql", "--schema", "sub"], ["sub dir"]),
            (["--cacert", "my"], ["my file.graphql"]),
            (["query", "my"], ["my file.graphql"]),
            (["query", "'it"], ["it's here"]),
            (["query", "--force"], ["--force-reload"]),
        ]
        var probe = """
        source "$1"
        cd "$2" || exit 1
        t() { COMP_WORDS=(rocket-reserver "$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _rocket_reserver; printf '<%s>\\n' "${COMPREPLY[@]}" | LC_ALL=C sort; echo --; }

        """
        for (words, _) in probes {
            probe += "t " + words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ") + "\n"
        }
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: bash), ["-c", probe, "probe", script.path, files.path],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"], deadline: 30
        )
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let answers = result.stdout.components(separatedBy: "--\n").dropLast()
        #expect(answers.count == probes.count, "\(result.stdout)")
        for (answer, probe) in zip(answers, probes) {
            let expected = probe.expected.map { "<\($0)>\n" }.joined()
            #expect(answer == expected, "completing \(probe.words): got \(answer.debugDescription)")
        }
    }
}
