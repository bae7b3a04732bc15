import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while a request is in flight ends the command at once and leaves stored state intact,
/// but for a booking that may have reached the server: its launch's cached state is dropped
/// (``SignalDuringMutationTests``).
@Suite("Interrupt", .timeLimit(.minutes(5)))
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
        if command.first == "book" {
            FaultExpectations.expectState(of: session, before: before, allowing: [.cacheMayChange])
        } else {
            #expect(session.home.snapshot() == before)
        }
        #expect(session.server.requestCount == 1)
    }

    /// A signal ignored by whoever started the command stays ignored (`nohup`, `command &` in a
    /// script), and the others are still handled: read from the kernel's view of the process
    /// while its request is in flight.
    @Test func aSignalIgnoredAtStartStaysIgnored() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .neverAnswer
        let (process, exit) = try await session.launch(
            [
                "-c", #"trap '' INT; exec "$0" "$@""#, BuiltProducts.client.path,
                "--endpoint", session.endpoint, "--timeout", "60", "details", "1", "--force-reload",
            ],
            executable: URL(fileURLWithPath: "/bin/sh")
        )
        defer { if process.isRunning { process.terminate() } }

        #expect(await session.server.waitForRequests(1, timeout: 20), "the command never sent its request")
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        func signals(_ field: String) -> UInt64 {
            let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
            return UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
        }
        func bit(_ signal: Int32) -> UInt64 { 1 << UInt64(signal - 1) }
        #expect(signals("SigIgn") & bit(SIGINT) != 0, "SIGINT is no longer ignored")
        #expect(signals("SigCgt") & bit(SIGINT) == 0, "SIGINT is caught")
        #expect(signals("SigCgt") & bit(SIGTERM) != 0, "SIGTERM is not caught")
        process.signal(SIGTERM)
        await exit.wait()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM, "ended by signal \(process.terminationStatus)")
    }
}
