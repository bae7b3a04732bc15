import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built reference server, started on a free loopback port for one test and stopped by
/// ``stop()`` (also on deinit, so a failing test cannot leave it running).
public final class ReferenceServer: @unchecked Sendable {
    /// The GraphQL endpoint, for example `http://127.0.0.1:40123/graphql`.
    public let endpoint: String
    private let process: Process
    private let lock = NSLock()

    /// Starts the server, with its state in `stateFile` when given (else in memory only: no
    /// fsync per mutation), and waits for its `listening on` line.
    public init(stateFile: URL? = nil, startupDeadline: TimeInterval = 60) throws {
        let process = Process()
        process.executableURL = BuiltProducts.server
        process.arguments = ["--host", "127.0.0.1", "--port", "0"] + (stateFile.map { ["--state", $0.path] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: BuiltProducts.server.path) else {
            throw StartupError(message: "no server binary at \(BuiltProducts.server.path); run Scripts/test, which builds it")
        }
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + startupDeadline, execute: watchdog)
        defer { watchdog.cancel() }

        var line = Data()
        let reader = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("listening on http://127.0.0.1:") else {
            if process.isRunning { process.terminate() }
            throw StartupError(message: "the server did not print its listening line (got \"\(text)\")")
        }
        self.process = process
        self.endpoint = String(text.dropFirst("listening on ".count))
    }

    deinit { stop() }

    /// Stops the server (SIGTERM, then waits for it to exit).
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGCONT)
        process.terminate()
        process.waitUntilExit()
    }

    /// Freezes the server (SIGSTOP): it accepts connections but answers nothing until ``resume()``.
    public func pause() { kill(process.processIdentifier, SIGSTOP) }

    /// Thaws a paused server.
    public func resume() { kill(process.processIdentifier, SIGCONT) }

    /// Why the server could not be started.
    public struct StartupError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
