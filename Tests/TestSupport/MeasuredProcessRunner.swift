import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion like ``ProcessRunner``, and also reports the peak resident size
/// of that one child, which `getrusage(RUSAGE_CHILDREN)` cannot: that is the largest of every
/// child the test process has reaped, so another test's big child would count.
///
/// The child is started with `posix_spawn` and reaped with `wait4`, which hands back the reaped
/// child's own resource use. The wait holds a thread of its own, off the Swift concurrency pool.
public enum MeasuredProcessRunner {
    /// What the child did, and the most memory it held at once, in KiB.
    public struct Measured: Sendable {
        public var result: ProcessResult
        public var peakResidentKiB: Int
    }

    /// Runs `executable` with `arguments` and exactly the `environment` given; at `deadline`
    /// it is sent SIGTERM, and SIGKILL 5 s later.
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String],
        deadline: TimeInterval = 60
    ) async throws -> Measured {
        await ProcessSlots.shared.acquire()
        defer { ProcessSlots.shared.release() }
        let scratch = try TemporaryDirectory(prefix: "measured")
        defer { scratch.remove() }
        let outPath = scratch.url.appendingPathComponent("stdout").path
        let errPath = scratch.url.appendingPathComponent("stderr").path

        let child = try SpawnedChild(
            executable.path, arguments, environment: environment, stdout: outPath, stderr: errPath
        )
        let watchdog = DispatchWorkItem { child.signal(SIGTERM) }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
        let killer = DispatchWorkItem { child.signal(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline + 5, execute: killer)
        let end = await child.reaped()
        watchdog.cancel()
        killer.cancel()
        let result = ProcessResult(
            status: end.status,
            duration: end.ended - child.started,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        )
        return Measured(result: result, peakResidentKiB: end.peakResidentKiB)
    }
}

/// A child started with `posix_spawn`, reaped by `wait4` on a thread of its own.
private final class SpawnedChild: Sendable {
    struct End: Sendable {
        var status: Int32
        var ended: ContinuousClock.Instant
        var peakResidentKiB: Int
    }

    struct SpawnFailed: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    let pid: pid_t
    let started: ContinuousClock.Instant
    /// Whether the child has exited; once it has, its pid may be reused, so nothing signals it.
    private let exited = Mutex(false)

    init(_ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard code == 0 else { throw SpawnFailed(code: code) }
        self.pid = pid
        started = ContinuousClock.now
    }

    /// Sends `signal` unless the child has already exited.
    func signal(_ signal: Int32) {
        exited.withLock { exited in
            if !exited { kill(pid, signal) }
        }
    }

    /// Waits, on a thread of its own, until the child exits, then reaps it.
    func reaped() async -> End {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                // Wait without reaping first, so that `signal` never reaches a reused pid.
                var info = siginfo_t()
                while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
                exited.withLock { $0 = true }
                var status: Int32 = 0
                var usage = rusage()
                while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
                let ended = ContinuousClock.now
                // As Foundation's `Process` reports it: the exit code, or the signal's number.
                let signalled = status & 0x7f
                let code = signalled == 0 ? (status >> 8) & 0xff : signalled
                continuation.resume(returning: End(status: code, ended: ended, peakResidentKiB: usage.ru_maxrss))
            }
        }
    }
}
