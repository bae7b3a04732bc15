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

        let (process, elapsed) = try await session.interrupt(command)

        #expect(elapsed < .seconds(2), "took \(elapsed) to end after Ctrl-C")
        let endedBySIGINT = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
        #expect(endedBySIGINT || process.terminationStatus == 130)
        #expect(session.home.snapshot() == before)
        #expect(session.server.requestCount == 1)
    }
}
