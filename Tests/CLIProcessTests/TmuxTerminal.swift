import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real terminal for a test: a tmux server on a private socket, one window running a command,
/// keys sent with `send-keys`, the screen read with `capture-pane`.
///
/// Waiting is for what the screen shows, polled until a deadline: never a fixed sleep.
final class TmuxTerminal: Sendable {
    /// Where tmux is, or `nil` when this machine has none (the tests that need it are skipped).
    static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let unavailableNote = "tmux is not installed"

    let socket: String
    private let folder: TemporaryDirectory

    /// Starts `command` (a shell command line) in a `columns`×`rows` window with `environment`.
    init(command: String, environment: [String: String], columns: Int = 100, rows: Int = 30) async throws {
        folder = try TemporaryDirectory(prefix: "tmux")
        socket = folder.url.appendingPathComponent("socket").path
        let variables = environment.merging(["TERM": "xterm-256color"]) { old, _ in old }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        // Not through Foundation's Process: the client that forks the tmux server was left a
        // zombie, unreaped, and the runner waited for it until its deadline. Spawned and reaped here.
        let status = await Self.spawnAndWait(
            [Self.path ?? "tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", String(rows),
             "env -i \(variables) sh -c \(Self.quoted(command))"]
        )
        let result = (status: status, stderr: "exit status \(status)")
        guard result.status == 0 else { throw TmuxError(message: "tmux did not start: \(result.stderr)") }
    }

    /// Runs `argv` with standard input and output on /dev/null and waits for it on a thread of
    /// its own (never a thread of the concurrency pool); its exit status, or -1.
    static func spawnAndWait(_ argv: [String]) async -> Int32 {
        await withCheckedContinuation { continuation in
            spawn(argv) { continuation.resume(returning: $0) }
        }
    }

    /// Starts `argv` (standard input and output on /dev/null) and reaps it on a detached thread,
    /// which then calls `ended` with its exit status (-1 when it could not start).
    static func spawn(_ argv: [String], ended: @escaping @Sendable (Int32) -> Void = { _ in }) {
        Thread.detachNewThread {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor in [Int32(0), 1, 2] {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            var pointers: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
            defer { for pointer in pointers { free(pointer) } }
            let environment: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
            defer { for pointer in environment { free(pointer) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, argv[0], &actions, nil, &pointers, environment) == 0 else {
                ended(-1)
                return
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            ended((status >> 8) & 0xFF)
        }
    }

    struct TmuxError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The text quoted for `sh`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    @discardableResult
    func tmux(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(URL(fileURLWithPath: Self.path ?? "tmux"), ["-S", socket] + arguments, environment: ["PATH": "/usr/bin:/bin"], deadline: 30)
    }

    /// Sends keys as tmux names them (`Enter`, `Escape`, `C-c`, `j`, `PageDown`).
    func press(_ keys: String...) async throws {
        try await tmux(["send-keys"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-l", text])
    }

    /// The screen's text now.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p"]).stdout
    }

    /// Waits until the screen satisfies `condition` (at most `timeout` seconds); returns the
    /// last screen read, whether or not it did.
    @discardableResult
    func waitForScreen(timeout: Double = 20, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = try await screen()
        while !condition(text), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            text = try await screen()
        }
        return text
    }

    /// The process id of the command the window runs (its shell).
    func panePID() async throws -> Int32? {
        Int32(try await tmux(["display-message", "-p", "#{pane_pid}"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func resize(columns: Int, rows: Int) async throws {
        try await tmux(["resize-window", "-x", String(columns), "-y", String(rows)])
    }

    /// Ends the tmux server (and the app in it), without blocking the calling thread: a
    /// `waitUntilExit` here held a thread of the two-thread pool and stalled the live suites.
    func stop() {
        let folder = self.folder
        if let path = Self.path {
            Self.spawn([path, "-S", socket, "kill-server"]) { _ in folder.remove() }
        } else {
            folder.remove()
        }
    }
}
