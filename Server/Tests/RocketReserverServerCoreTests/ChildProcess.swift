import Foundation

/// The built `rocket-reserver-server` executable run as a child process, with a watchdog that
/// kills it if a test hangs.
///
/// `@unchecked Sendable`: each instance is used by one test; `Process` itself is thread-safe enough
/// for `terminate`/`waitUntilExit` from another thread.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let watchdog: DispatchWorkItem

    /// The executable next to the test bundle.
    static func executableURL() throws -> URL {
        var directories: [URL] = []
        if let main = Bundle.main.executableURL?.deletingLastPathComponent() {
            directories.append(main)
        }
        directories += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent("rocket-reserver-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        throw TestFailure("rocket-reserver-server not found next to the tests in \(directories.map(\.path))")
    }

    /// Starts the executable with arguments; it is killed after `timeout` seconds at the latest.
    init(arguments: [String], timeout: TimeInterval = 60) throws {
        process.executableURL = try Self.executableURL()
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    }

    /// Reads stdout up to the first newline (or end of file), without blocking the test's thread.
    func readLine() async -> String? {
        let handle = output.fileHandleForReading
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while let chunk = try? handle.read(upToCount: 1), let byte = chunk.first {
                    if byte == UInt8(ascii: "\n") {
                        continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
                        return
                    }
                    bytes.append(byte)
                }
                continuation.resume(returning: bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    /// Sends a signal.
    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for exit; returns the exit status, the rest of stdout and all of stderr.
    func waitForExit() async -> (status: Int32, normalExit: Bool, stdout: String, stderr: String) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let rest = (try? self.output.fileHandleForReading.readToEnd()) ?? Data()
                let errorText = (try? self.errors.fileHandleForReading.readToEnd()) ?? Data()
                self.process.waitUntilExit()
                self.watchdog.cancel()
                continuation.resume(
                    returning: (
                        self.process.terminationStatus,
                        self.process.terminationReason == .exit,
                        String(decoding: rest, as: UTF8.self),
                        String(decoding: errorText, as: UTF8.self)
                    )
                )
            }
        }
    }
}
