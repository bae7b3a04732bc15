import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The built reference server, started on a free loopback port for one test and stopped by
/// ``stop()`` or ``stopAndWait()`` (also on deinit, so a failing test cannot leave it running).
///
/// Starting and stopping hold no thread of the Swift concurrency pool: the `listening on` line
/// is read on a thread of its own (which then drains the server's output until it ends), and
/// the end of the process is awaited through ``ProcessExit``.
///
/// A server is never left behind: one that has not ended ten seconds after SIGTERM (a graceful
/// shutdown waiting on a connection that never closes) gets SIGKILL, and every server still
/// running when the test process exits is killed then (a server whose owner was never released,
/// say held by a task that never ended, gets no deinit).
public final class ReferenceServer: @unchecked Sendable {
    /// The GraphQL endpoint, for example `http://127.0.0.1:40123/graphql`.
    public let endpoint: String
    private let process: ChildProcess
    private let exit: ProcessExit

    /// The port the server listens on.
    public var port: Int { URLComponents(string: endpoint)?.port ?? 0 }

    /// Starts the server, with its state in `stateFile` when given (else in memory only: no
    /// fsync per mutation), on `port` (0: one the kernel picks; give an earlier server's port
    /// to restart it there), and waits for its `listening on` line.
    /// `arguments` are passed on to the server (for example `--hosted-websocket`).
    public init(stateFile: URL? = nil, port: Int = 0, arguments: [String] = [], startupDeadline: TimeInterval = 60) async throws {
        guard FileManager.default.isExecutableFile(atPath: BuiltProducts.server.path) else {
            throw StartupError(message: "no server binary at \(BuiltProducts.server.path); run Scripts/test, which builds it")
        }
        let process = ChildProcess()
        process.executableURL = BuiltProducts.server
        process.arguments = ["--host", "127.0.0.1", "--port", String(port)] + (stateFile.map { ["--state", $0.path] } ?? []) + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let exit = try await ProcessExit(starting: process)
        LiveServers.shared.add(process.processIdentifier, exit)
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + startupDeadline, execute: watchdog)
        let text = await ServerOutput.firstLine(of: output.fileHandleForReading)
        watchdog.cancel()
        guard text.hasPrefix("listening on http://127.0.0.1:") else {
            if process.isRunning { process.terminate() }
            throw StartupError(message: "the server did not print its listening line (got \"\(text)\")")
        }
        self.process = process
        self.exit = exit
        self.endpoint = String(text.dropFirst("listening on ".count))
    }

    deinit { stop() }

    /// Whether the tests that need the reference server can run: always when
    /// `ROCKET_RESERVER_SERVER_BIN` is set (Scripts/test sets it; a binary missing there fails
    /// them), else when the server package's release build exists. A plain `swift test` in a
    /// fresh copy has neither and skips them (`.enabled(if: ReferenceServer.isAvailable, …)`).
    public static var isAvailable: Bool {
        if let path = ProcessInfo.processInfo.environment["ROCKET_RESERVER_SERVER_BIN"], !path.isEmpty { return true }
        return FileManager.default.isExecutableFile(atPath: BuiltProducts.server.path)
    }

    /// Asks the server to stop (SIGCONT, then SIGTERM; SIGKILL if it has not ended ten seconds
    /// later) and returns at once.
    public func stop() {
        guard !exit.hasEnded else { return }
        let pid = process.processIdentifier
        kill(pid, SIGCONT)
        kill(pid, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { [exit] in
            if !exit.hasEnded { kill(pid, SIGKILL) }
        }
    }

    /// Stops the server and returns once it has ended, so its port refuses connections.
    public func stopAndWait() async {
        stop()
        await exit.wait()
    }

    /// Freezes the server (SIGSTOP): it accepts connections but answers nothing until ``resume()``.
    public func pause() { process.signal(SIGSTOP) }

    /// Thaws a paused server.
    public func resume() { process.signal(SIGCONT) }

    /// Why the server could not be started.
    public struct StartupError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

/// Reads a child's output on a thread of its own, off the Swift concurrency pool.
public enum ServerOutput {
    /// The first line `handle` delivers (trimmed; what came before the end if there is no
    /// newline). The thread keeps reading, and dropping, what follows until the end, so the
    /// child can never block on a full pipe.
    public static func firstLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var line = Data()
                var resumed = false
                while true {
                    let chunk = handle.availableData
                    if !resumed {
                        line.append(chunk)
                        if chunk.isEmpty || line.contains(UInt8(ascii: "\n")) {
                            let text = String(decoding: line.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                            continuation.resume(returning: text.trimmingCharacters(in: .whitespacesAndNewlines))
                            resumed = true
                        }
                    }
                    if chunk.isEmpty { return }
                }
            }
        }
    }
}

/// The servers started and not yet ended: killed when the test process exits normally.
final class LiveServers: Sendable {
    static let shared = LiveServers()
    private let servers = Mutex<[(pid: pid_t, exit: ProcessExit)]>([])

    private init() {
        atexit { LiveServers.shared.killAll() }
    }

    func add(_ pid: pid_t, _ exit: ProcessExit) {
        servers.withLock { servers in
            servers.removeAll { $0.exit.hasEnded }
            servers.append((pid, exit))
        }
    }

    /// SIGKILL to every server that has not ended.
    func killAll() {
        for server in servers.withLock({ $0 }) where !server.exit.hasEnded {
            kill(server.pid, SIGKILL)
        }
    }
}
