import Domain
import InMemoryAdapters
import Ports
@testable import RocketReserverCLI
import Synchronization
import Testing

/// The signal the executable uses to set up TLS while the adapters are built: given, with the
/// run's configuration, exactly when the command will ask the server.
@Suite struct WillAskServerTests {
    @Test(arguments: [
        (["details", "3", "--force-reload"], true),
        (["details", "3"], false),
        (["launches"], true),
        (["--offline", "launches"], false),
        (["trips"], true),
        (["book", "3"], true),
        (["cancel", "3"], true),
        (["login", "me@example.com"], true),
        (["logout"], false),
        (["whoami"], false),
        (["cache", "info"], false),
        (["--version"], false),
    ])
    func signalledOnlyWhenTheServerIsAsked(arguments: [String], expected: Bool) async throws {
        let server = InMemoryTutorialServer(launches: SampleLaunches.make(count: 5))
        let email = try EmailAddress("me@example.com")
        let credentials = InMemoryCredentialStore(credential: Credential(email: email, token: AuthToken("token")))
        let gateway = InMemoryGateway(server: server, credentials: credentials)
        let signalled = Mutex<[Configuration]>([])
        let built = Mutex<[Configuration]>([])
        let environment = CLIEnvironment(
            variables: ["ROCKET_RESERVER_ENDPOINT": "https://rockets.invalid/graphql", "ROCKET_RESERVER_HOME": "/nonexistent/state"],
            standardOutput: TextBuffer(),
            standardError: TextBuffer(),
            outputIsTerminal: false,
            homeDirectory: "/home/tester",
            makeServices: { configuration in
                built.withLock { $0.append(configuration) }
                return Services(
                    launches: gateway, bookings: gateway, trips: gateway, authenticator: gateway,
                    credentials: credentials, cache: gateway, presenter: RecordingPresenter(), cacheInspector: gateway,
                    console: InMemoryGraphQLConsole()
                )
            },
            willAskServer: { configuration in signalled.withLock { $0.append(configuration) } }
        )
        _ = await RocketReserverCLI(environment: environment).run(arguments)
        let signals = signalled.withLock { $0 }
        #expect(signals.count == (expected ? 1 : 0), "\(arguments)")
        // The signal carries the configuration the adapters are then built for.
        if expected { #expect(signals == built.withLock { $0 }) }
    }
}
