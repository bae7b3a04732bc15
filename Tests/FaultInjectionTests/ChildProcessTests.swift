import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// TestSupport's `ChildProcess`, which starts every child of the tests: it passes on only the
/// standard streams, whatever the test process holds open, and reports each child's own end
/// and peak memory.
@Suite("ChildProcess", .timeLimit(.minutes(2)))
struct ChildProcessTests {
    /// Runs `/bin/sh -c script` to its end with `configure` applied; its output and result.
    static func shell(_ script: String, configure: (ChildProcess) -> Void = { _ in }) async throws -> (ChildProcess, String) {
        let output = Pipe()
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", script]
        child.environment = ["PATH": "/usr/bin:/bin"]
        child.standardOutput = output
        configure(child)
        let exit = try await ProcessExit(starting: child)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        await exit.wait()
        return (child, text)
    }

    @Test func aChildInheritsOnlyItsStandardStreams() async throws {
        // Descriptors that are not close-on-exec, as a Pipe's are not. (The parallel run holds
        // about 3,000 more.)
        var ends: [Int32] = []
        defer { ends.forEach { close($0) } }
        for _ in 0..<100 {
            var pair: [Int32] = [0, 0]
            try #require(pipe(&pair) == 0)
            ends += pair
        }
        let (child, listing) = try await Self.shell("ls /proc/$$/fd")
        #expect(child.terminationStatus == 0)
        let open = Set(listing.split(separator: "\n").compactMap { Int32($0) })
        // The shell's own: 0, 1, 2, and what it opens to run `ls` (at most a few).
        #expect(open.isSuperset(of: [0, 1, 2]))
        #expect(open.count <= 5, "the child inherited \(open.count) descriptors: \(open.sorted().prefix(20))")
        #expect(open.isDisjoint(with: Set(ends.filter { $0 > 9 })))
    }

    @Test func theEndIsTheExitStatusOrTheSignal() async throws {
        let (exited, _) = try await Self.shell("exit 3")
        #expect(exited.terminationStatus == 3)
        #expect(exited.terminationReason == .exit)
        #expect(!exited.isRunning)
        // SIGKILL: children started on the launch queue begin with SIGTERM and SIGINT blocked.
        let (killed, _) = try await Self.shell("kill -KILL $$")
        #expect(killed.terminationStatus == SIGKILL)
        #expect(killed.terminationReason == .uncaughtSignal)
    }

    @Test func theFolderAndTheEnvironment() async throws {
        let folder = try TemporaryDirectory(prefix: "child")
        defer { folder.remove() }
        let (_, text) = try await Self.shell("pwd; echo \"$ONLY\"") { child in
            child.currentDirectoryURL = folder.url
            child.environment = ["PATH": "/usr/bin:/bin", "ONLY": "this"]
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == folder.url.resolvingSymlinksInPath().path)
        #expect(lines.last == "this")
    }

    /// The child's own peak, not the test process's: `ru_maxrss` gave a shell the 60 MB of the
    /// process that started it.
    @Test func thePeakMemoryIsTheChildsOwn() async throws {
        // About 40 MB of the shell's memory, held while it sleeps a little.
        let (grown, _) = try await Self.shell("x=$(head -c 40000000 /dev/zero | tr '\\0' a); sleep 0.2; echo ${#x}") { $0.samplesPeakMemory = true }
        let (small, _) = try await Self.shell("sleep 0.2") { $0.samplesPeakMemory = true }
        let grownPeak = try #require(grown.peakResidentKiB)
        let smallPeak = try #require(small.peakResidentKiB)
        #expect(smallPeak < 20_000, "a sleeping shell peaked at \(smallPeak) KiB")
        #expect(grownPeak > smallPeak + 30_000, "a shell holding 40 MB peaked at \(grownPeak) KiB, an idle one at \(smallPeak) KiB")
        let (unsampled, _) = try await Self.shell("true")
        #expect(unsampled.peakResidentKiB == nil)
    }

    @Test func aSignalStopsARunningChildAndNothingIsSentAfterItsEnd() async throws {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["60"]
        let exit = try await ProcessExit(starting: child)
        #expect(child.isRunning)
        child.signal(SIGKILL)
        await exit.wait()
        #expect(child.terminationStatus == SIGKILL)
        #expect(!child.isRunning)
        child.signal(SIGKILL)  // reaped: sends nothing to a pid that may be another's now
    }
}
