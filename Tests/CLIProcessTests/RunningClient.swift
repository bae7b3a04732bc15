import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// A running `rocket-reserver` process, its standard output and error read as they come.
struct RunningClient {
    let process: ChildProcess
    let exit: ProcessExit
    let stdout: PipeText
    let stderr: PipeText

    /// Starts the client with `arguments` in `environment`, its standard input empty.
    init(_ arguments: [String], environment: [String: String]) async throws {
        process = ChildProcess()
        process.executableURL = BuiltProducts.client
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        exit = try await ProcessExit(starting: process)
        stdout = PipeText(output.fileHandleForReading)
        stderr = PipeText(errors.fileHandleForReading)
    }

    /// Sends `signal` and returns the exit status once the process has ended.
    func stop(with signal: Int32) async -> Int32 {
        process.signal(signal)
        await exit.wait()
        return process.terminationStatus
    }

    /// Ends the process if it still runs (for a `defer`, so that a failing test leaves nothing behind).
    func terminateIfRunning() {
        if process.isRunning { process.terminate() }
    }
}
