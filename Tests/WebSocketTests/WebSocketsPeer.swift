import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Python's `websockets` (PyPI) running `Peers/websockets_peer.py` on 127.0.0.1 at a port the
/// kernel picks: the third-party peer. Stopped by ``stop()`` (its standard input is closed) or
/// on deinit.
final class WebSocketsPeer: @unchecked Sendable {
    /// The Python with `websockets`: `ROCKET_RESERVER_WEBSOCKETS_PYTHON` (Scripts/test sets it),
    /// else the venv Scripts/test makes, when `websockets` is installed there; `nil` otherwise.
    static let python = VenvPython.find(variable: "ROCKET_RESERVER_WEBSOCKETS_PYTHON", packages: ["websockets"])

    static let unavailableNote: Comment = "Python websockets is not installed: Scripts/test installs it into Benchmarks/.venv"

    let port: Int
    private let process: Process
    private let input: Pipe
    private let exit: ProcessExit

    init() async throws {
        guard let python = Self.python else { throw PeerError("no Python with websockets") }
        let script = BuiltProducts.packageRoot.appendingPathComponent("Tests/WebSocketTests/Peers/websockets_peer.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path]
        process.environment = ["PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        exit = try await ProcessExit(starting: process)
        self.process = process
        self.input = input
        let line = await ServerOutput.firstLine(of: output.fileHandleForReading)
        guard line.hasPrefix("listening on "), let port = Int(line.dropFirst("listening on ".count)) else {
            process.terminate()
            throw PeerError("the websockets peer did not start (got \"\(line)\")")
        }
        self.port = port
    }

    deinit { stop() }

    /// `ws://127.0.0.1:PORT/` + `path`.
    func url(_ path: String) -> URL { URL(string: "ws://127.0.0.1:\(port)/\(path)")! }

    /// Closes the peer's standard input, which ends it.
    func stop() {
        try? input.fileHandleForWriting.close()
    }
}
