import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while a request is in flight ends the command at once and leaves stored state intact.
@Suite("Interrupt")
struct InterruptTests {
    /// How soon after a signal a command must have ended: far below the 60 s request timeout
    /// the interrupt tests give, so a signal that is ignored fails them.
    static let prompt = Duration.seconds(10)

    @Test(arguments: [["details", "1", "--force-reload"], ["book", "1"], ["launches", "--all"]])
    func ctrlCEndsTheCommandPromptlyWithoutTouchingState(_ command: [String]) async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        session.server.behaviour = .neverAnswer

        let (process, elapsed) = try await session.interrupt(command)

        // Without Ctrl-C handling the command would wait out its 60 s timeout; the bound leaves
        // room for a debug binary on a busy two-core machine (tests run in parallel).
        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end after Ctrl-C")
        let endedBySIGINT = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
        #expect(endedBySIGINT || process.terminationStatus == 130)
        #expect(session.home.snapshot() == before)
        #expect(session.server.requestCount == 1)
    }
}
