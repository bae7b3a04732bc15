import Foundation

/// How to run a server: where to listen and which files to use.
public struct ServerConfiguration: Sendable {
    /// Host to listen on; loopback only (`127.0.0.1`, `::1`, `localhost`).
    public var host: String
    /// Port to listen on; 0 picks a free port.
    public var port: Int
    /// File that keeps users and trips across restarts; `nil` keeps them in memory only.
    public var stateFile: URL?
    /// Launch data file of the bundled dataset's shape; `nil` uses the bundled dataset.
    public var dataFile: URL?
    /// Whether to log lifecycle events (to stderr) at info level instead of warnings only.
    public var verbose: Bool
    /// Bounds and timers of the GraphQL WebSocket endpoint (subscriptions).
    public var webSocketLimits: WebSocketLimits
    /// How WebSocket upgrades are answered (`.hosted` copies the hosted tutorial server's quirks).
    public var webSocketBehaviour: WebSocketBehaviour
    /// How long a stop waits for in-flight connections to finish before it cancels them.
    ///
    /// A client that sent half a request and went quiet would otherwise keep a stopping server alive for ever.
    public var shutdownGrace: Duration
    /// How persisted queries are answered: automatic (Apollo Server's default), not at all, or a manifest's safelist.
    public var persistedQueries: PersistedQueryPolicy

    /// Creates a configuration; the defaults match the command line's.
    public init(
        host: String = "127.0.0.1",
        port: Int = 4000,
        stateFile: URL? = nil,
        dataFile: URL? = nil,
        verbose: Bool = false,
        webSocketLimits: WebSocketLimits = WebSocketLimits(),
        webSocketBehaviour: WebSocketBehaviour = .reference,
        shutdownGrace: Duration = .seconds(5),
        persistedQueries: PersistedQueryPolicy = .automatic
    ) {
        self.host = host
        self.port = port
        self.stateFile = stateFile
        self.dataFile = dataFile
        self.verbose = verbose
        self.webSocketLimits = webSocketLimits
        self.webSocketBehaviour = webSocketBehaviour
        self.shutdownGrace = shutdownGrace
        self.persistedQueries = persistedQueries
    }
}
