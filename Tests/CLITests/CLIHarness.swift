import Domain
import Foundation
import InMemoryAdapters
import Ports
import Presentation
@testable import CLIArguments
@testable import CLIConfiguration
@testable import RocketReserverCLI
import Synchronization

/// Runs the CLI in-process against in-memory adapters and captures what it prints.
final class CLIHarness: Sendable {
    let server: InMemoryTutorialServer
    let credentials: InMemoryCredentialStore
    let gateway: InMemoryGateway
    let presenter = RecordingPresenter()
    let stdout = TextBuffer()
    let stderr = TextBuffer()
    /// Answers `query` and `schema`.
    let documentRunner: InMemoryDocumentRunner
    /// The server's live booking activity, for `watch` (`nil`: a build without live updates).
    let activity: InMemoryBookingActivityFeed?
    private let configurations = Mutex<[Configuration]>([])
    private let variables: [String: String]
    private let terminal: (isTerminal: Bool, width: Int?)
    /// The terminal the app gets (`nil`: standard input or output is not a terminal).
    private let fullScreen: (any FullScreenTerminal)?

    /// `terminal` is what the composition root would find out about standard output.
    init(
        variables: [String: String] = [:],
        loggedInAs email: String? = nil,
        terminal: (isTerminal: Bool, width: Int?) = (false, nil),
        documentRunner: InMemoryDocumentRunner = InMemoryDocumentRunner(),
        liveUpdates: Bool = true,
        fullScreen: (any FullScreenTerminal)? = nil
    ) throws {
        let activity = liveUpdates ? InMemoryBookingActivityFeed() : nil
        self.activity = activity
        server = InMemoryTutorialServer(launches: SampleLaunches.make(count: 30), activity: activity)
        let credential = try email.map { Credential(email: try EmailAddress($0), token: AuthToken("token-for-\($0)")) }
        credentials = InMemoryCredentialStore(credential: credential)
        gateway = InMemoryGateway(server: server, credentials: credentials)
        self.variables = variables
        self.terminal = terminal
        self.documentRunner = documentRunner
        self.fullScreen = fullScreen
    }

    /// The configurations the adapters were built for (empty when the run never got that far).
    var builtConfigurations: [Configuration] { configurations.withLock { $0 } }

    /// The operations the in-memory server answered.
    var requests: [String] { get async { await server.requests } }

    func run(_ arguments: String...) async -> ExitCode {
        await run(arguments)
    }

    func run(_ arguments: [String]) async -> ExitCode {
        let environment = CLIEnvironment(
            variables: variables,
            standardOutput: stdout,
            standardError: stderr,
            outputIsTerminal: terminal.isTerminal,
            terminalWidth: terminal.width,
            homeDirectory: "/home/tester",
            makeTerminal: { [fullScreen] in fullScreen },
            makeServices: { [self] configuration in
                configurations.withLock { $0.append(configuration) }
                return Services(
                    launches: gateway, bookings: gateway, trips: gateway, authenticator: gateway,
                    credentials: credentials, userData: gateway, presenter: presenter, cacheInspector: gateway,
                    documentRunner: documentRunner, bookingActivity: activity, tripWatcher: activity == nil ? nil : gateway
                )
            }
        )
        return await RocketReserverCLI(environment: environment).run(arguments)
    }
}
