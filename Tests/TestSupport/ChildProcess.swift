import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `wait4`: what the tests use in
/// place of Foundation's `Process`, with the same names for what they need.
///
/// Foundation's `Process.run()` lists `/proc/self/fd` to close every descriptor in the child,
/// and it copies each entry's whole 256-byte name out of `readdir`'s buffer. With more than about
/// 1,350 descriptors open (the parallel run holds about 3,000: a listening socket and a wake-up
/// pipe for each fault server of every test waiting for a slot), the last entry of a full buffer
/// is read up to 250 bytes past the buffer's end, and when no memory is mapped there the test
/// process crashed (SIGSEGV in `memmove`, under `Process.run()`). Here the child closes every
/// descriptor above 2 itself (`posix_spawn_file_actions_addclosefrom_np`), and nothing reads
/// `/proc/self/fd`.
///
/// With ``samplesPeakMemory`` it also gives the child's own peak memory (``peakResidentKiB``).
/// `ru_maxrss` cannot: `posix_spawn` runs the child in the parent's memory until it executes
/// the program, and the kernel keeps that memory's high-water mark as the child's. A `sh` started
/// by a test process of 60 MB showed 60 MB, and the 1.1 GB that once failed a bound meant for the
/// client, in the parallel run, was most likely the test process's own.
///
/// As with `Process`, set the configuration, then call ``run()`` once, from one thread.
public final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    public enum TerminationReason: Sendable {
        case exit
        case uncaughtSignal
    }

    public var executableURL: URL?
    public var arguments: [String] = []
    /// The child's whole environment; `nil` passes on this process's.
    public var environment: [String: String]?
    /// A `FileHandle` or a `Pipe` (its reading end); `nil` or `FileHandle.nullDevice` is `/dev/null`.
    public var standardInput: Any?
    /// A `FileHandle` or a `Pipe` (its writing end); `nil` or `FileHandle.nullDevice` is `/dev/null`.
    public var standardOutput: Any?
    /// As ``standardOutput``.
    public var standardError: Any?
    /// Whether to follow the child's peak memory (``peakResidentKiB``) while it runs.
    public var samplesPeakMemory = false
    /// The child's working folder; `nil` keeps this process's.
    public var currentDirectoryURL: URL?
    /// Called once, on the thread that reaped the child, after ``isRunning`` turned false.
    public var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    private struct State {
        var pid: pid_t = 0
        var exited = false
        var reaped = false
        var status: Int32 = 0
        var reason = TerminationReason.exit
        var peakResidentKiB: Int?
    }

    private let state = Mutex(State())

    public init() {}

    /// The child's process id (0 before ``run()``).
    public var processIdentifier: Int32 { state.withLock { $0.pid } }

    /// Whether the child was started and has not been reaped yet.
    public var isRunning: Bool { state.withLock { $0.pid > 0 && !$0.reaped } }

    /// The exit status, or the number of the signal that ended the child (as `Process` gives it).
    public var terminationStatus: Int32 { state.withLock { $0.status } }

    public var terminationReason: TerminationReason { state.withLock { $0.reason } }

    /// The most memory the program held at once, in KiB, as last read from its `VmHWM` (a
    /// high-water mark, read every 2 ms until it exits, so at most the last 2 ms of growth are
    /// missed); `nil` without ``samplesPeakMemory``.
    public var peakResidentKiB: Int? { state.withLock { $0.peakResidentKiB } }

    /// Sends SIGTERM, unless the child has already exited (its pid may then belong to another).
    public func terminate() { signal(SIGTERM) }

    /// Sends `number` unless the child has already exited.
    public func signal(_ number: Int32) {
        state.withLock { state in
            if state.pid > 0 && !state.exited { kill(state.pid, number) }
        }
    }

    /// Starts the child in a process group of its own (as `Process` does) and a thread that
    /// reaps it. The child inherits this thread's signal mask.
    public func run() throws {
        guard let executable = executableURL?.path else { throw SpawnFailure(call: "run", code: ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var toClose: [FileHandle] = []
        for (target, stream, reading) in [(Int32(0), standardInput, true), (1, standardOutput, false), (2, standardError, false)] {
            switch stream {
            case let pipe as Pipe:
                let ends = (reading: pipe.fileHandleForReading, writing: pipe.fileHandleForWriting)
                posix_spawn_file_actions_adddup2(&actions, (reading ? ends.reading : ends.writing).fileDescriptor, target)
                toClose.append(reading ? ends.reading : ends.writing)
            case let handle as FileHandle where handle !== FileHandle.nullDevice && handle.fileDescriptor >= 0:
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            default:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
            }
        }
        try Self.closeEverythingAbove2(&actions)
        if let folder = currentDirectoryURL?.path {
            typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
            guard let addChdir = Self.glibc("posix_spawn_file_actions_addchdir_np", AddChdir.self) else {
                throw SpawnFailure(call: "posix_spawn_file_actions_addchdir_np", code: ENOSYS)
            }
            let code = addChdir(&actions, folder)
            guard code == 0 else { throw SpawnFailure(call: "posix_spawn_file_actions_addchdir_np", code: code) }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnFailure(call: "posix_spawn \(executable)", code: code) }
        let started = pid
        state.withLock { $0.pid = started }
        // The child has its copies: the parent's ends must go, so that the other end sees EOF.
        for handle in toClose { try? handle.close() }
        Thread.detachNewThread { [self] in reap(started) }
        if samplesPeakMemory { Thread.detachNewThread { [self] in samplePeakMemory(started) } }
    }

    /// Waits for the child's exit without reaping it (so that ``signal(_:)`` never reaches a
    /// reused pid), marks it exited, then reaps it.
    private func reap(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        state.withLock { $0.exited = true }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signalled = status & 0x7f
        state.withLock { state in
            state.reaped = true
            state.status = signalled == 0 ? (status >> 8) & 0xff : signalled
            state.reason = signalled == 0 ? .exit : .uncaughtSignal
        }
        terminationHandler?(self)
    }

    /// Reads the child's `VmHWM` every 2 ms until it exits. The read holds the lock, so the child
    /// cannot be reaped (and its pid reused) meanwhile; an exited child's status has no `VmHWM`.
    private func samplePeakMemory(_ pid: pid_t) {
        while true {
            let running = state.withLock { state -> Bool in
                guard !state.exited else { return false }
                if let kib = Self.highWaterMark(of: pid) { state.peakResidentKiB = max(state.peakResidentKiB ?? 0, kib) }
                return true
            }
            guard running else { return }
            usleep(2_000)
        }
    }

    /// The `VmHWM` line of `/proc/PID/status`, in KiB.
    private static func highWaterMark(of pid: pid_t) -> Int? {
        let status = OpenDescriptors.contents(of: "/proc/\(pid)/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// Adds "close every descriptor above 2" to `actions`: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module does not
    /// declare it, so it is looked up by name), else a close for each descriptor open now.
    private static func closeEverythingAbove2(_ actions: inout posix_spawn_file_actions_t) throws {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let closeFrom = glibc("posix_spawn_file_actions_addclosefrom_np", CloseFrom.self) {
            let code = closeFrom(&actions, 3)
            guard code == 0 else { throw SpawnFailure(call: "posix_spawn_file_actions_addclosefrom_np", code: code) }
            return
        }
        for descriptor in OpenDescriptors.listed() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// A function of the C library that Swift's Glibc module does not declare, looked up by name.
    private static func glibc<Function>(_ name: String, _ type: Function.Type) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    struct SpawnFailure: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }
}
