import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while a request is in flight ends the command at once and leaves stored state intact.
@Suite("Interrupt")
struct InterruptTests {
    @Test(arguments: [["details", "1", "--force-reload"], ["book", "1"], ["launches", "--all"]])
    func ctrlCEndsTheCommandPromptlyWithoutTouchingState(_ command: [String]) async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        session.server.behaviour = .neverAnswer

        let process = Process()
        process.executableURL = BuiltProducts.client
        process.arguments = ["--endpoint", session.server.endpoint, "--timeout", "60"] + command
        process.environment = ClientEnvironment.make(home: session.home)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exit = try ProcessExit(starting: process)
        defer { if process.isRunning { process.terminate() } }

        #expect(session.server.waitForRequests(1, timeout: 20), "the command never sent its request")
        let interrupted = ContinuousClock.now
        kill(process.processIdentifier, SIGINT)
        await exit.wait()
        let elapsed = ContinuousClock.now - interrupted

        #expect(elapsed < .seconds(2), "took \(elapsed) to end after Ctrl-C")
        let endedBySIGINT = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
        #expect(endedBySIGINT || process.terminationStatus == 130)
        #expect(session.home.snapshot() == before)
        #expect(session.server.requestCount == 1)
    }
}
