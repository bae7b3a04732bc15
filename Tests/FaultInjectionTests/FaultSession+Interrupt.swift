import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

extension FaultSession {
    /// Starts the built client with `command` against ``endpoint`` (the test CA trusted over
    /// https, a 60 s timeout), waits until its request reached the server, presses Ctrl-C
    /// (SIGINT), and returns the ended process with how long it took to end after the signal
    /// (to the moment the process ended, not to when this task next got a thread).
    func interrupt(_ command: [String]) async throws -> (process: ChildProcess, elapsed: Duration) {
        let trust = front == nil ? [] : ["--cacert", TLSFixture.caFile]
        let (process, exit) = try await launch(["--endpoint", endpoint] + trust + ["--timeout", "60"] + command)
        defer { if process.isRunning { process.terminate() } }

        #expect(await server.waitForRequests(1, timeout: 20), "the command never sent its request")
        let interrupted = ContinuousClock.now
        process.signal(SIGINT)
        let ended = await exit.wait()
        return (process, ended - interrupted)
    }

    /// Starts `executable` (the built client unless told otherwise) with `arguments`, this
    /// session's environment and its output discarded; returns it with its exit watcher. The
    /// caller ends a process it leaves running.
    func launch(_ arguments: [String], executable: URL = BuiltProducts.client) async throws -> (ChildProcess, ProcessExit) {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ClientEnvironment.make(home: home)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (process, try await ProcessExit(starting: process))
    }
}
