import Foundation

/// A Python script started as a test's third-party peer: a bare environment, standard error
/// dropped, standard input held open (closing it ends the script), and the first line it
/// prints (its `listening on …`) read.
public struct PythonPeerProcess {
    public let process: Process
    public let exit: ProcessExit
    /// The first line the script printed, trimmed.
    public let firstLine: String
    private let input: Pipe

    /// Starts `python` with `arguments` and waits for its first line.
    public init(python: String, arguments: [String]) async throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"]
        let output = Pipe()
        input = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        exit = try await ProcessExit(starting: process)
        firstLine = await ServerOutput.firstLine(of: output.fileHandleForReading)
    }

    /// Closes the script's standard input, which ends it; returns at once.
    public func stop() {
        try? input.fileHandleForWriting.close()
    }

    /// Ends a peer whose first line was not what its caller expected: closes its input and terminates it.
    public func abandon() {
        stop()
        if process.isRunning { process.terminate() }
    }
}
