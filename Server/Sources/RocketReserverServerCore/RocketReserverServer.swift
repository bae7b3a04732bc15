import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// A running reference server: start it with `start(_:)`, read `url`, stop it with `stop()`.
///
/// ```swift
/// let server = try await RocketReserverServer.start(ServerConfiguration(port: 0))
/// print(server.url)            // http://127.0.0.1:PORT/graphql
/// try await server.stop()
/// ```
public final class RocketReserverServer: Sendable {
    /// The host as configured.
    public let host: String
    /// The port actually bound.
    public let port: Int
    /// The endpoint's URL text, e.g. `http://127.0.0.1:4000/graphql`.
    public let urlString: String
    /// The GraphQL logic served (schema, catalog, store).
    public let service: GraphQLService
    private let group: ServiceGroup
    private let runTask: Task<Void, any Error>

    /// The endpoint's URL.
    public var url: URL {
        URL(string: urlString) ?? URL(fileURLWithPath: "/")
    }

    private init(host: String, port: Int, service: GraphQLService, group: ServiceGroup, runTask: Task<Void, any Error>) {
        self.host = host
        self.port = port
        self.urlString = "http://\(LoopbackHost.forURL(host)):\(port)/graphql"
        self.service = service
        self.group = group
        self.runTask = runTask
    }

    /// Loads data, builds the schema, binds the socket and returns once the server listens.
    ///
    /// - Parameters:
    ///   - configuration: Host, port and files.
    ///   - shutdownSignals: Signals that stop the server gracefully (the executable passes
    ///     SIGINT and SIGTERM; in-process users usually pass none and call `stop()`).
    /// - Throws: `ServerSetupError` for bad files, a non-loopback host or a bad port; the bind
    ///   error when the socket cannot be bound.
    public static func start(
        _ configuration: ServerConfiguration,
        shutdownSignals: [UnixSignal] = []
    ) async throws -> RocketReserverServer {
        guard LoopbackHost.isLoopback(configuration.host) else {
            throw ServerSetupError.nonLoopbackHost(host: configuration.host)
        }
        guard (0...65535).contains(configuration.port) else {
            throw ServerSetupError.invalidPort(configuration.port)
        }
        let dataset = try configuration.dataFile.map(LaunchDataset.load(contentsOf:)) ?? LaunchDataset.bundled()
        let data = ServerData(catalog: LaunchCatalog(dataset: dataset), store: try BookingStore(stateFile: configuration.stateFile))
        let service = try GraphQLService(data: data, persistedQueries: configuration.persistedQueries)

        var logger = Logger(label: "rocket-reserver-server") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = configuration.verbose ? .info : .warning
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int?.self)
        let app = Application(
            router: HTTPRouter.make(service: service),
            server: WebSocketEndpoint.serverBuilder(service: service, limits: configuration.webSocketLimits, behaviour: configuration.webSocketBehaviour),
            configuration: ApplicationConfiguration(
                address: .hostname(LoopbackHost.unbracketed(configuration.host), port: configuration.port)
            ),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port)
                portContinuation.finish()
            },
            logger: logger
        )
        var groupConfiguration = ServiceGroupConfiguration(
            services: [app],
            gracefulShutdownSignals: shutdownSignals,
            logger: logger
        )
        groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownGrace
        let group = ServiceGroup(configuration: groupConfiguration)
        let runTask = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var boundPort: Int?
        for await port in ports {
            boundPort = port
        }
        guard let boundPort else {
            await group.triggerGracefulShutdown()
            try await runTask.value
            throw ServerSetupError.serverStoppedBeforeListening(reason: "no listening port was reported")
        }
        return RocketReserverServer(
            host: configuration.host,
            port: boundPort,
            service: service,
            group: group,
            runTask: runTask
        )
    }

    /// Stops accepting connections, finishes in-flight requests (cancelling those still open after
    /// `ServerConfiguration.shutdownGrace`) and waits until the server has stopped.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await runTask.value
    }

    /// Waits until the server stops (after `stop()` or one of the shutdown signals).
    public func waitUntilStopped() async throws {
        try await runTask.value
    }
}
