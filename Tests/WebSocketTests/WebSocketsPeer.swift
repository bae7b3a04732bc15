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
    private let peer: PythonPeerProcess

    init() async throws {
        guard let python = Self.python else { throw PeerError("no Python with websockets") }
        let script = BuiltProducts.packageRoot.appendingPathComponent("Tests/WebSocketTests/Peers/websockets_peer.py")
        let peer = try await PythonPeerProcess(python: python, arguments: [script.path])
        let line = peer.firstLine
        guard line.hasPrefix("listening on "), let port = Int(line.dropFirst("listening on ".count)) else {
            peer.abandon()
            throw PeerError("the websockets peer did not start (got \"\(line)\")")
        }
        self.peer = peer
        self.port = port
    }

    deinit { stop() }

    /// `ws://127.0.0.1:PORT/` + `path`.
    func url(_ path: String) -> URL { URL(string: "ws://127.0.0.1:\(port)/\(path)")! }

    /// Closes the peer's standard input, which ends it.
    func stop() {
        peer.stop()
    }
}
