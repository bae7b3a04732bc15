import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// A client started in the background with its output kept in files, to be signalled.
final class SignalledClient {
    let process: ChildProcess
    let exit: ProcessExit
    private let output: TemporaryDirectory

    /// Starts the built client with `arguments` (after `--endpoint`, `--cacert` over https and
    /// a 60 s timeout) against `session`'s home, with `environment` added to its variables.
    init(_ session: FaultSession, _ arguments: [String], environment: [String: String] = [:]) async throws {
        output = try TemporaryDirectory(prefix: "signalled-output")
        let stdout = output.url.appendingPathComponent("stdout"), stderr = output.url.appendingPathComponent("stderr")
        try Data().write(to: stdout)
        try Data().write(to: stderr)
        process = ChildProcess()
        process.executableURL = BuiltProducts.client
        let trust = session.front == nil ? [] : ["--cacert", TLSFixture.caFile]
        process.arguments = ["--endpoint", session.endpoint] + trust + ["--timeout", "60"] + arguments
        process.environment = ClientEnvironment.make(home: session.home, extra: environment)
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        exit = try await ProcessExit(starting: process)
    }

    deinit {
        if process.isRunning { process.signal(SIGKILL) }
        output.remove()
    }

    /// Sends `signalNumber`, waits for the end, and returns how long that took after the signal.
    func signal(_ signalNumber: Int32) async -> Duration {
        let signalled = ContinuousClock.now
        process.signal(signalNumber)
        return await exit.wait() - signalled
    }

    /// Whether the process ended by `signalNumber` (its default action, as the shell expects).
    func endedBy(_ signalNumber: Int32) -> Bool {
        process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber
    }

    var stdout: String { text("stdout") }
    var stderr: String { text("stderr") }

    private func text(_ name: String) -> String {
        (try? String(contentsOf: output.url.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// Whether the process catches `signalNumber` now (its handlers are installed), as the
    /// kernel reports it in `/proc/PID/status`.
    func catches(_ signalNumber: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signalNumber - 1)) != 0
    }

    /// Returns once the process catches `signalNumber` (or has ended, or 20 s passed): the
    /// kernel offers no event for it, so its state is looked at every 2 ms.
    func waitUntilItCatches(_ signalNumber: Int32) async throws {
        let start = ContinuousClock.now
        while !catches(signalNumber), !exit.hasEnded, ContinuousClock.now - start < .seconds(20) {
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
