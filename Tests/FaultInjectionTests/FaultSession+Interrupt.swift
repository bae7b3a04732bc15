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
    func interrupt(_ command: [String]) async throws -> (process: Process, elapsed: Duration) {
        let trust = front == nil ? [] : ["--cacert", TLSFixture.caFile]
        let process = Process()
        process.executableURL = BuiltProducts.client
        process.arguments = ["--endpoint", endpoint] + trust + ["--timeout", "60"] + command
        process.environment = ClientEnvironment.make(home: home)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exit = try await ProcessExit(starting: process)
        defer { if process.isRunning { process.terminate() } }

        #expect(await server.waitForRequests(1, timeout: 20), "the command never sent its request")
        let interrupted = ContinuousClock.now
        kill(process.processIdentifier, SIGINT)
        let ended = await exit.wait()
        return (process, ended - interrupted)
    }
}
