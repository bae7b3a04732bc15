import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A third-party GraphQL server: Strawberry (PyPI `strawberry-graphql`, served by uvicorn)
/// running `Tests/GraphQLSubscriptionsTests/Peers/strawberry_peer.py` on 127.0.0.1 at a port the
/// kernel picks, with subscriptions in both graphql-transport-ws and graphql-ws (the script
/// describes its schema). Stopped by ``stop()`` (its standard input is closed, which ends it),
/// by ``stopAndWait()``, or on deinit.
public final class StrawberryPeer: @unchecked Sendable {
    /// The Python with Strawberry and uvicorn: `ROCKET_RESERVER_STRAWBERRY_PYTHON` (Scripts/test
    /// sets it; empty means unavailable), else the venv Scripts/test makes when Strawberry is
    /// installed there; `nil` otherwise.
    public static let python = VenvPython.find(variable: "ROCKET_RESERVER_STRAWBERRY_PYTHON", packages: ["strawberry", "uvicorn", "starlette"])

    /// Why the Strawberry tests are skipped when ``python`` is `nil`.
    public static let unavailableNote = "Strawberry is not installed: Scripts/test installs strawberry-graphql[asgi] and uvicorn into Benchmarks/.venv"

    /// The GraphQL endpoint, `http://127.0.0.1:PORT/graphql`.
    public let endpoint: URL
    private let peer: PythonPeerProcess

    /// Starts the peer and waits for its `listening on` line.
    public init() async throws {
        guard let python = Self.python else { throw ReferenceServer.StartupError(message: Self.unavailableNote) }
        (peer, endpoint) = try await PythonPeerProcess.graphQLServer(python: python, script: "Tests/GraphQLSubscriptionsTests/Peers/strawberry_peer.py", name: "Strawberry peer")
    }

    deinit { stop() }

    /// Closes the peer's standard input, which ends it; returns at once.
    public func stop() {
        peer.stop()
    }

    /// Stops the peer and returns once it has ended (SIGTERM if it has not within five seconds).
    public func stopAndWait() async {
        stop()
        let process = peer.process
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 5, execute: watchdog)
        await peer.exit.wait()
        watchdog.cancel()
    }
}
