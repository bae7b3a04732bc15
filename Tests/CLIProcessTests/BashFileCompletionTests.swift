import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The bash completion of a file option (`schema --output`, `query --schema`, `--cacert`) or argument (`query FILE`)
/// offers each file name whole, whatever it holds: spaces, quotes, a tab, glob characters, a
/// leading dash; what is typed may be quoted or escaped.
@Suite("bash file-name completion", .timeLimit(.minutes(5)))
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

    /// Types a line and a Tab into an interactive bash on a pseudo-terminal and waits for the
    /// completed line to be echoed: bash itself quotes the name it inserts (`-o filenames`).
    @Test(.enabled(if: InstalledProgram.path("bash") != nil, "bash is not installed"))
    func anInteractiveBashInsertsTheNameQuoted() async throws {
        let folder = try TemporaryDirectory(prefix: "completion")
        defer { folder.remove() }
        for name in ["my file.graphql", "it's here"] { try Data().write(to: folder.url.appendingPathComponent(name)) }
        let generated = try await ProcessRunner.run(BuiltProducts.client, ["completion", "bash"], environment: ClientEnvironment.make(home: folder), deadline: 30)
        let script = folder.url.appendingPathComponent(".completion.bash")
        try Data(generated.stdout.utf8).write(to: script)
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let bash = ChildProcess()
        bash.executableURL = URL(fileURLWithPath: try #require(InstalledProgram.path("bash")))
        bash.arguments = ["--norc", "--noprofile", "-i"]
        bash.environment = ["PATH": "/usr/bin:/bin", "TERM": "dumb", "HOME": "/nonexistent", "PS1": "$ "]
        bash.currentDirectoryURL = folder.url
        let secondary = FileHandle(fileDescriptor: terminal.secondary)
        bash.standardInput = secondary
        bash.standardOutput = secondary
        bash.standardError = secondary
        try bash.run()
        defer { if bash.isRunning { bash.terminate() } }

        terminal.write("source '\(script.path)'; echo READY$((6*7))\n")
        #expect(terminal.read(until: "READY42", seconds: 20))
        let probes = [
            ("rocket-reserver schema --output my\t", #"--output my\ file.graphql "#),
            ("rocket-reserver query 'it\t", #"query 'it'\''s here' "#),
            ("rocket-reserver --cacert it\t", #"--cacert it\'s\ here "#),
        ]
        for (typed, completed) in probes {
            terminal.write(typed)
            #expect(terminal.read(until: completed, seconds: 20), "typing \(typed.debugDescription) did not complete to \(completed)")
            terminal.write("\u{15}")  // Ctrl-U: clear the line
        }
        terminal.write("exit\n")
    }
}

/// A pseudo-terminal pair: the primary side is read and written by the test, the secondary is a child's terminal.
final class PseudoTerminal {
    let primary: Int32
    let secondary: Int32
    private var seen = ""

    init() throws {
        // posix_openpt, unlockpt and ptsname are not imported from Glibc: their Linux ioctls
        // (TIOCSPTLCK, TIOCGPTN; the same numbers on every Linux architecture Swift runs on).
        primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard primary >= 0, ioctl(primary, UInt(0x4004_5431), &unlock) == 0, ioctl(primary, UInt(0x8004_5430), &number) == 0 else {
            throw POSIXError(.ENODEV)
        }
        secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard secondary >= 0 else { throw POSIXError(.ENODEV) }
    }

    func close() {
        _ = Glibc.close(primary)
        _ = Glibc.close(secondary)
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(primary, &bytes, bytes.count)
    }

    /// Reads what the terminal shows until `text` has appeared since the last match (true), or the deadline passes (false).
    func read(until text: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            if let range = seen.range(of: text) {
                seen = String(seen[range.upperBound...])
                return true
            }
            var request = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 200) >= 0 else { continue }
            if request.revents & Int16(POLLIN) != 0 {
                let count = Glibc.read(primary, &buffer, buffer.count)
                if count <= 0 { return false }
                seen += String(decoding: buffer[0..<count], as: UTF8.self)
            }
        }
        return false
    }
}
