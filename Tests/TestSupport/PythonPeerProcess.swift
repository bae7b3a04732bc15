import Foundation

/// A Python script started as a test's third-party peer: a bare environment, standard error
/// dropped, standard input held open (closing it ends the script), and the first line it
/// prints (its `listening on …`) read.
public struct PythonPeerProcess {
    public let process: ChildProcess
    public let exit: ProcessExit
    /// The first line the script printed, trimmed.
    public let firstLine: String
    private let input: Pipe

    /// Starts `python` with `arguments` and waits for its first line.
    public init(python: String, arguments: [String]) async throws {
        process = ChildProcess()
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

    /// Starts the GraphQL peer `script` (a path from the package's root) with `python` and
    /// waits for its `listening on http://127.0.0.1:PORT/graphql` line: the peer and its
    /// endpoint. A peer that prints anything else is ended, and `name` says which did not start.
    public static func graphQLServer(python: String, script: String, name: String) async throws -> (peer: PythonPeerProcess, endpoint: URL) {
        let path = BuiltProducts.packageRoot.appendingPathComponent(script).path
        let peer = try await PythonPeerProcess(python: python, arguments: ["-W", "ignore", path])
        let line = peer.firstLine
        guard line.hasPrefix("listening on http://127.0.0.1:"), let endpoint = URL(string: String(line.dropFirst("listening on ".count))) else {
            peer.abandon()
            throw ReferenceServer.StartupError(message: "the \(name) did not start (got \"\(line)\")")
        }
        return (peer, endpoint)
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
