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
    /// The tmux server's process id (0 if it could not be read): ``stop()`` ends it by signal,
    /// at once, so no server outlives the test process with the window's command in it.
    private let serverPID: pid_t

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
        guard status == 0 else { throw TmuxError(message: "tmux did not start: exit status \(status)") }
        let pid = try? await ProcessRunner.run(
            URL(fileURLWithPath: Self.path ?? "tmux"), ["-S", socket, "display-message", "-p", "#{pid}"], environment: ["PATH": "/usr/bin:/bin"], deadline: 30
        )
        serverPID = pid.flatMap { pid_t($0.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
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
            // Nothing else of the test process's: a tmux server keeps what it inherits for as
            // long as it runs (pipes of other children, whose readers would never see their end).
            // (Glibc's closefrom action is not visible to Swift: each open descriptor is named.)
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
            var pointers: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
            defer { for pointer in pointers { free(pointer) } }
            let environment: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
            defer { for pointer in environment { free(pointer) } }
            // Signals as a new process has them: this thread blocks nearly all of them, and a
            // tmux server that inherited that mask ignored the SIGTERM that ``stop()`` sends.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            var all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var pid: pid_t = 0
            guard posix_spawn(&pid, argv[0], &actions, &attributes, &pointers, environment) == 0 else {
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

    /// Ends the tmux server (and the app in it) with SIGTERM, which it takes as `kill-server`,
    /// without blocking the calling thread (a `waitUntilExit` here held a thread of the
    /// two-thread pool and stalled the live suites). A `kill-server` spawned on a thread of its
    /// own, as before, never ran when the test process ended first, and left the server behind.
    func stop() {
        if serverPID > 0 { kill(serverPID, SIGTERM) }
        folder.remove()
    }
}
