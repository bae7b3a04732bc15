import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion with its output captured in files (no pipe can fill up),
/// and ends it if it runs past a deadline (SIGTERM, then SIGKILL) so that a hung child cannot
/// hang the tests.
/// Awaiting its end holds no thread (``ProcessExit``), so tests may run in parallel; at most
/// a few such children run at once (``ProcessSlots``).
public enum ProcessRunner {
    /// Runs `executable` with `arguments` and exactly the `environment` given.
    ///
    /// `takesSlot: false` starts the child without waiting for a slot, for a test whose point
    /// is many children at once (``ProcessSlots``). `samplesPeakMemory` gives the child's peak
    /// memory in the result (``ChildProcess/samplesPeakMemory``).
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String],
        deadline: TimeInterval = 60,
        takesSlot: Bool = true,
        samplesPeakMemory: Bool = false
    ) async throws -> ProcessResult {
        if takesSlot { await ProcessSlots.shared.acquire() }
        defer { if takesSlot { ProcessSlots.shared.release() } }
        let scratch = try TemporaryDirectory(prefix: "process")
        defer { scratch.remove() }
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }

        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        process.samplesPeakMemory = samplesPeakMemory
        let exit = try await ProcessExit(starting: process)
        // SIGTERM at the deadline, SIGKILL 5 s later: a shell blocked in a read may hold SIGTERM.
        let watchdog = DispatchWorkItem { [process] in
            guard !exit.hasEnded else { return }
            process.terminate()
            DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
                if !exit.hasEnded { process.signal(SIGKILL) }
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
        let ended = await exit.wait()
        watchdog.cancel()
        return ProcessResult(
            status: process.terminationStatus,
            duration: ended - exit.started,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
            peakResidentKiB: process.peakResidentKiB
        )
    }
}
