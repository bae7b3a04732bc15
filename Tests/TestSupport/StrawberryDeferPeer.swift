import Foundation

/// A third-party GraphQL server with `@defer`: Strawberry on graphql-core 3.3 with
/// `enable_experimental_incremental_execution`, served by uvicorn, running
/// `Tests/GraphQLIncrementalDeliveryTests/Peers/strawberry_defer_peer.py` on 127.0.0.1 at a port
/// the kernel picks (the script describes its schema). Stopped by ``stop()`` (its standard
/// input is closed, which ends it), or on deinit.
public final class StrawberryDeferPeer: @unchecked Sendable {
    /// The Python with Strawberry, uvicorn and graphql-core 3.3: `ROCKET_RESERVER_STRAWBERRY_DEFER_PYTHON`
    /// (Scripts/test sets it; empty means unavailable), else the venv Scripts/test makes,
    /// `Benchmarks/.venv-defer`, when they are installed there; `nil` otherwise.
    public static let python = VenvPython.find(
        variable: "ROCKET_RESERVER_STRAWBERRY_DEFER_PYTHON", packages: ["strawberry", "uvicorn", "graphql/execution/incremental"], venv: "Benchmarks/.venv-defer"
    )

    /// Why the `@defer` tests against Strawberry are skipped when ``python`` is `nil`.
    public static let unavailableNote =
        "Strawberry on graphql-core 3.3 is not installed: Scripts/test installs strawberry-graphql[asgi], uvicorn and graphql-core>=3.3 into Benchmarks/.venv-defer"

    /// The GraphQL endpoint, `http://127.0.0.1:PORT/graphql`.
    public let endpoint: URL
    private let peer: PythonPeerProcess

    /// Starts the peer and waits for its `listening on` line.
    public init() async throws {
        guard let python = Self.python else { throw ReferenceServer.StartupError(message: Self.unavailableNote) }
        (peer, endpoint) = try await PythonPeerProcess.graphQLServer(python: python, script: "Tests/GraphQLIncrementalDeliveryTests/Peers/strawberry_defer_peer.py", name: "Strawberry @defer peer")
    }

    deinit { stop() }

    /// Closes the peer's standard input, which ends it; returns at once.
    public func stop() {
        peer.stop()
    }
}
