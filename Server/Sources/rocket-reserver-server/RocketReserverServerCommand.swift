import ArgumentParser
import Foundation
import Logging
import RocketReserverServerCore

/// The `rocket-reserver-server` command: runs the reference GraphQL server until SIGINT/SIGTERM.
@main
struct RocketReserverServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rocket-reserver-server",
        abstract: "Reference GraphQL server for the RocketReserver tutorial schema.",
        discussion: """
            Serves POST/GET /graphql on a loopback address. When the socket is bound, prints exactly one \
            line to stdout: "listening on http://HOST:PORT/graphql". Logs go to stderr.
            """
    )

    @Option(help: "Loopback host to listen on (127.0.0.1, ::1 or localhost).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free port.")
    var port = 4000

    @Option(help: "JSON file keeping users and trips across restarts (written atomically after each change).")
    var state: String?

    @Option(help: "Launch data JSON file ({\"launches\": [...]}) to serve instead of the bundled dataset.")
    var data: String?

    @Flag(help: "Log server lifecycle events (info level) to stderr.")
    var verbose = false

    @Flag(help: "Answer WebSocket upgrades as the hosted tutorial server does: take the first offered subprotocol, close with 1002 unless it is graphql-ws, treat unknown tokens as anonymous.")
    var hostedWebsocket = false

    @Flag(help: "Answer every persisted query with PersistedQueryNotSupported (as a server without automatic persisted queries does).")
    var noPersistedQueries = false

    @Option(help: "An Apollo persisted query manifest (apollo-persisted-query-manifest, version 1): only its operations run, by id or in full.")
    var persistedQueryManifest: String?

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        var persistedQueries = PersistedQueryPolicy.automatic
        if noPersistedQueries { persistedQueries = .unsupported }
        if let persistedQueryManifest {
            persistedQueries = .safelist(try PersistedQueryManifest(contentsOf: URL(fileURLWithPath: persistedQueryManifest)))
        }
        let server = try await RocketReserverServer.start(
            ServerConfiguration(
                host: host,
                port: port,
                stateFile: state.map { URL(fileURLWithPath: $0) },
                dataFile: data.map { URL(fileURLWithPath: $0) },
                verbose: verbose,
                webSocketBehaviour: hostedWebsocket ? .hosted : .reference,
                persistedQueries: persistedQueries
            ),
            shutdownSignals: [.sigint, .sigterm]
        )
        // Unbuffered write: the line reaches a pipe at once, with nothing else on stdout.
        FileHandle.standardOutput.write(Data("listening on \(server.urlString)\n".utf8))
        try await server.waitUntilStopped()
    }
}
