import Foundation
import Testing
import TestSupport

/// Finds a program in the usual folders, so tests can use the shells the machine has.
enum InstalledProgram {
    static func path(_ name: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The built binary's completion scripts, checked by the shells installed here (each test is
/// skipped, with its reason, when its shell is missing; Scripts/test installs them as root).
@Suite("completion scripts and man page", .timeLimit(.minutes(5)))
struct CompletionProcessTests {
    /// Writes the binary's output for `arguments` to a file and returns its path.
    private func generate(_ arguments: String..., in folder: TemporaryDirectory) async throws -> String {
        let result = try await ProcessRunner.run(BuiltProducts.client, arguments, environment: ClientEnvironment.make(home: folder), deadline: 30)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let file = folder.url.appendingPathComponent(arguments.joined(separator: "-"))
        try Data(result.stdout.utf8).write(to: file)
        return file.path
    }

    private func shell(_ program: String, _ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(URL(fileURLWithPath: program), arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"], deadline: 30)
    }

    @Test(.enabled(if: InstalledProgram.path("bash") != nil, "bash is not installed"))
    func bashAcceptsTheScriptAndCompletesCommandsOptionsAndChoices() async throws {
        let folder = try TemporaryDirectory(prefix: "completion")
        defer { folder.remove() }
        let script = try await generate("completion", "bash", in: folder)
        let bash = try #require(InstalledProgram.path("bash"))
        await #expect(try shell(bash, ["-n", script]).status == 0)
        let probe = """
        source "$1"
        t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _rocket_reserver; echo "${COMPREPLY[*]}"; }
        t rocket-reserver lau
        t rocket-reserver --endpoint http://127.0.0.1:1/graphql launches --pa
        t rocket-reserver cache ""
        t rocket-reserver --timeout ""
        t rocket-reserver completion z
        """
        let result = try await shell(bash, ["-c", probe, "probe", script])
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(5)
            == ["launches", "--page-size", "info gc clear --all --endpoint --json --offline --cacert --timeout --max-age --persisted-queries --get --help -h --version", "", "zsh"])
    }

    @Test(.enabled(if: InstalledProgram.path("zsh") != nil, "zsh is not installed"))
    func zshAcceptsTheScriptAndRegistersIt() async throws {
        let folder = try TemporaryDirectory(prefix: "completion")
        defer { folder.remove() }
        let script = try await generate("completion", "zsh", in: folder)
        let zsh = try #require(InstalledProgram.path("zsh"))
        await #expect(try shell(zsh, ["-n", script]).status == 0)
        let probe = "autoload -U compinit && compinit -u -D && source \"$1\" && print -r -- $_comps[rocket-reserver]"
        let result = try await shell(zsh, ["-f", "-c", probe, "probe", script])
        #expect(result.stdout == "_rocket_reserver\n", "\(result.stderr)")
    }

    /// Types each line and a Tab into an interactive zsh on a pseudo-terminal (`zsh/zpty`) and
    /// waits for the completed text to be echoed (the deadline fails the test if it never is).
    @Test(.enabled(if: InstalledProgram.path("zsh") != nil, "zsh is not installed"))
    func zshCompletesCommandsOptionsAndChoicesInAnInteractiveShell() async throws {
        let folder = try TemporaryDirectory(prefix: "completion")
        defer { folder.remove() }
        let script = try await generate("completion", "zsh", in: folder)
        let zsh = try #require(InstalledProgram.path("zsh"))
        let probes = [
            ("rocket-reserver lau", "rocket-reserver launches "),
            ("rocket-reserver launches --pa", "--page-size="),
            ("rocket-reserver cache cl", "cache clear "),
            ("rocket-reserver --endpoint x det", "x details "),
            ("rocket-reserver completion f", "completion fish "),
        ]
        var driver = """
        zmodload zsh/zpty
        zpty z 'env -i PATH=/usr/bin:/bin TERM=dumb HOME=/nonexistent zsh -f -i'
        zpty -w z 'PS1=""; autoload -U compinit && compinit -u -D && source "\(script)" && echo $((6*7))READY'
        zpty -r -m z out '*42READY*'

        """
        for (index, probe) in probes.enumerated() {
            driver += """
            zpty -w -n z $'\(probe.0)\t'
            zpty -r -m z out '*\(probe.1)*' && print "ok \(index)"
            zpty -w -n z $'\\C-u'

            """
        }
        driver += "zpty -d z\n"
        let result = try await ProcessRunner.run(URL(fileURLWithPath: zsh), ["-f", "-c", driver], environment: ["PATH": "/usr/bin:/bin"], deadline: 60)
        #expect(result.stdout == probes.indices.map { "ok \($0)\n" }.joined(), "\(result.stderr)")
    }

    @Test(.enabled(if: InstalledProgram.path("fish") != nil, "fish is not installed"))
    func fishAcceptsTheScriptAndCompletesCommandsOptionsAndChoices() async throws {
        let folder = try TemporaryDirectory(prefix: "completion")
        defer { folder.remove() }
        let script = try await generate("completion", "fish", in: folder)
        let fish = try #require(InstalledProgram.path("fish"))
        await #expect(try shell(fish, ["--no-execute", script]).status == 0)
        func complete(_ line: String) async throws -> [String] {
            let result = try await shell(fish, ["--no-config", "-c", "source $argv[1]; complete -C \"\(line)\"", script])
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        await #expect(try complete("rocket-reserver lau") == ["launches"])
        await #expect(try complete("rocket-reserver --endpoint http://127.0.0.1:1/graphql launches --pa") == ["--page-size"])
        await #expect(try Set(complete("rocket-reserver cache ")) == ["clear", "gc", "info"])
        await #expect(try complete("rocket-reserver details 3 --force").contains("--force-reload"))
    }

    @Test(.enabled(if: InstalledProgram.path("groff") != nil, "groff is not installed"))
    func theManPageIsValidRoff() async throws {
        let folder = try TemporaryDirectory(prefix: "man")
        defer { folder.remove() }
        let page = try await generate("man", in: folder)
        let groff = try #require(InstalledProgram.path("groff"))
        let result = try await shell(groff, ["-man", "-Tutf8", "-ww", "-z", page])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let committed = BuiltProducts.packageRoot.appendingPathComponent("Docs/man/rocket-reserver.1")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == String(contentsOf: committed, encoding: .utf8))
    }

    @Test func anUnknownShellIsAUsageError() async throws {
        let folder = try TemporaryDirectory(prefix: "completion")
        defer { folder.remove() }
        let result = try await ProcessRunner.run(BuiltProducts.client, ["completion", "bsh"], environment: ClientEnvironment.make(home: folder), deadline: 30)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Did you mean \"bash\"?"))
        #expect(result.stdout.isEmpty)
    }
}
