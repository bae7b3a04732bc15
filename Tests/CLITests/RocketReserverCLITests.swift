import Domain
import InMemoryAdapters
import Ports
import Presentation
@testable import CLIArguments
@testable import RocketReserverCLI
import Testing

@Suite("RocketReserverCLI", .timeLimit(.minutes(5)))
struct RocketReserverCLITests {
    @Test func helpAndVersionPrintToStdoutAndBuildNothing() async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("--help") == .success)
        #expect(cli.stdout.text.contains("Usage: rocket-reserver"))
        for name in CommandName.allCases {
            #expect(await cli.run(name.rawValue, "--help") == .success)
            #expect(cli.stdout.text.contains("Usage: rocket-reserver \(name.rawValue)"))
        }
        #expect(await cli.run("--version") == .success)
        #expect(cli.stdout.text.contains("rocket-reserver 1."))
        #expect(cli.builtConfigurations.isEmpty)
        #expect(cli.stderr.text.isEmpty)
    }

    @Test func usageErrorsExit64WithASentenceAndSendNothing() async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("fly") == .usage)
        #expect(cli.stderr.text.hasPrefix("rocket-reserver: Unknown command \"fly\"."))
        #expect(cli.stderr.text.contains("--help"))
        // With a close command, the suggestion is the hint.
        #expect(await cli.run("launch") == .usage)
        #expect(cli.stderr.text.hasSuffix("rocket-reserver: Unknown command \"launch\". Did you mean \"launches\"?\n"))
        #expect(cli.builtConfigurations.isEmpty)
    }

    @Test(arguments: [
        ["login", "not-an-email"],
        ["login", ""],
        ["login", "mé@example.com"],
        ["details", "1 2"],
        ["details", ""],
        ["book", "\u{7}"],
        ["launches", "--page-size", "0"],
        ["launches", "--after", "a b"],
    ])
    func invalidArgumentsExit64BeforeAnyRequest(_ arguments: [String]) async throws {
        let cli = try CLIHarness(loggedInAs: "me@example.com")
        #expect(await cli.run(arguments) == .usage)
        #expect(await cli.requests.isEmpty)
        #expect(!cli.stderr.text.isEmpty)
        #expect(try await cli.credentials.credential() != nil)
    }

    @Test func bookingWithoutALoginExits77AndSendsNothing() async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("book", "3") == .notPermitted)
        #expect(cli.stderr.text.contains("not logged in"))
        #expect(await cli.requests.isEmpty)
    }

    @Test func theTutorialFlowThroughTheCLI() async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": "http://127.0.0.1:4000/graphql"])
        #expect(await cli.run("launches", "--page-size", "5") == .success)
        #expect(await cli.run("login", "me@example.com") == .success)
        #expect(await cli.run("details", "3") == .success)
        #expect(await cli.run("book", "3") == .success)
        #expect(await cli.run("details", "3") == .success)
        #expect(await cli.run("cancel", "3") == .success)
        #expect(await cli.run("cancel", "3") == .refused)
        #expect(await cli.run("trips") == .success)
        #expect(await cli.run("logout") == .success)
        #expect(await cli.requests == ["LaunchList", "Login", "LaunchDetails", "BookTrip", "CancelTrip", "CancelTrip", "MyTrips"])
        let shown = cli.presenter.presentations
        guard case .details(let before) = shown[2], case .details(let after) = shown[4] else {
            Issue.record("expected details at 2 and 4, got \(shown)")
            return
        }
        #expect(!before.isBooked)
        #expect(after.isBooked)
        #expect(shown.last == .logout(try EmailAddress("me@example.com")))
        #expect(cli.stderr.text.isEmpty)
    }

    @Test func anUnknownLaunchExits1() async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("details", "999") == .refused)
        #expect(cli.stderr.text.contains("There is no launch with id 999."))
    }

    @Test(arguments: [
        (ServiceError.Kind.unreachable, ExitCode.unavailable),
        (.timedOut, .unavailable),
        (.unreadableResponse, .protocolError),
        (.rejected, .refused),
        (.unauthenticated, .notPermitted),
    ])
    func serviceFailuresMapToExitCodes(_ kind: ServiceError.Kind, _ code: ExitCode) async throws {
        let cli = try CLIHarness()
        await cli.server.failNextRequest(with: ServiceError(kind, operation: "LaunchDetails", detail: "simulated"))
        #expect(await cli.run("details", "3") == code)
        let message = cli.stderr.text
        #expect(message.hasPrefix("rocket-reserver: "))
        #expect(message.split(separator: "\n").count == 1)
    }

    /// Adapters pass the server's words as it sent them; the CLI words them as one short line
    /// and sanitises it once, as it prints.
    @Test func aServersRawWordsPrintAsOneSafeShortLine() async throws {
        let cli = try CLIHarness()
        let words = "bad\u{1B}]0;owned\u{07}\r\nnews\u{202E}" + String(repeating: " long", count: 10_000)
        await cli.server.failNextRequest(with: ServiceError(.rejected, operation: "LaunchDetails", detail: words))
        #expect(await cli.run("details", "3") == .refused)
        let message = cli.stderr.text
        #expect(message.hasPrefix("rocket-reserver: The server refused LaunchDetails: Bad\u{FFFD}]0;owned\u{FFFD} news\u{FFFD} long"))
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.count < 2 * ServerText.maximumLength)
    }

    @Test func anUnreadableLoginExits77() async throws {
        let cli = try CLIHarness(loggedInAs: "me@example.com")
        await cli.credentials.simulateUnreadable()
        #expect(await cli.run("trips") == .notPermitted)
        #expect(cli.stderr.text.contains("Log in again"))
    }

    @Test func credentialsNeverGoToAPlainHTTPHostUnlessAllowed() async throws {
        let remote = "http://rocket.example.invalid/graphql"
        for command in [["login", "me@example.com"], ["book", "3"], ["cancel", "3"], ["trips"]] {
            let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": remote], loggedInAs: "me@example.com")
            #expect(await cli.run(command) == .usage)
            #expect(cli.stderr.text.contains("ROCKET_RESERVER_ALLOW_INSECURE_HTTP=1"))
            #expect(cli.builtConfigurations.isEmpty)
        }
        let browsing = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": remote], loggedInAs: "me@example.com")
        #expect(await browsing.run("details", "3") == .success)
        #expect(browsing.builtConfigurations.first?.sendsCredentials == false)

        let allowed = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": remote, "ROCKET_RESERVER_ALLOW_INSECURE_HTTP": "1"])
        #expect(await allowed.run("login", "me@example.com") == .success)
    }

    @Test(arguments: ["http://127.0.0.1:4000/graphql", "http://localhost/graphql", "http://[::1]:8080/graphql", "https://example.invalid/graphql", "http://127.9.9.9/x"])
    func trustedEndpointsMayCarryCredentials(_ endpoint: String) async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("--endpoint", endpoint, "login", "me@example.com") == .success)
        #expect(cli.builtConfigurations.first?.sendsCredentials == true)
    }

    @Test(arguments: ["ftp://127.0.0.1/graphql", "not a url", "http://", "127.0.0.1:4000", "http://user:pw@127.0.0.1/graphql", ""])
    func malformedEndpointsAreUsageErrors(_ endpoint: String) async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("--endpoint", endpoint, "launches") == .usage)
        #expect(cli.builtConfigurations.isEmpty)
    }

    @Test func configurationComesFromOptionsThenEnvironmentThenDefaults() async throws {
        let defaults = try CLIHarness()
        _ = await defaults.run("launches")
        let config = try #require(defaults.builtConfigurations.first)
        #expect(config.endpoint.absoluteString == Configuration.defaultEndpoint)
        #expect(config.timeout == 30)
        #expect(config.authorizationScheme == .raw)
        #expect(config.credentialsDirectory.path == "/home/tester/.config/rocket-reserver")
        #expect(config.cacheDirectory.path == "/home/tester/.cache/rocket-reserver")

        let environment = try CLIHarness(variables: [
            "ROCKET_RESERVER_ENDPOINT": "http://127.0.0.1:9/graphql", "ROCKET_RESERVER_TIMEOUT": "4",
            "ROCKET_RESERVER_AUTH_SCHEME": "bearer", "XDG_CONFIG_HOME": "/cfg", "XDG_CACHE_HOME": "/cache",
        ])
        _ = await environment.run("launches", "--timeout", "2")
        let resolved = try #require(environment.builtConfigurations.first)
        #expect(resolved.endpoint.absoluteString == "http://127.0.0.1:9/graphql")
        #expect(resolved.timeout == 2)
        #expect(resolved.authorizationScheme == .bearer)
        #expect(resolved.credentialsDirectory.path == "/cfg/rocket-reserver")
        #expect(resolved.cacheDirectory.path == "/cache/rocket-reserver")

        let home = try CLIHarness(variables: ["ROCKET_RESERVER_HOME": "/state", "XDG_CONFIG_HOME": "/cfg"])
        _ = await home.run("launches")
        #expect(home.builtConfigurations.first?.credentialsDirectory.path == "/state/credentials")
        #expect(home.builtConfigurations.first?.cacheDirectory.path == "/state/cache")
    }

    @Test(arguments: [["ROCKET_RESERVER_TIMEOUT": "never"], ["ROCKET_RESERVER_AUTH_SCHEME": "basic"], ["ROCKET_RESERVER_ENDPOINT": "nope"]])
    func badEnvironmentValuesAreUsageErrors(_ variables: [String: String]) async throws {
        let cli = try CLIHarness(variables: variables)
        #expect(await cli.run("launches") == .usage)
        #expect(cli.builtConfigurations.isEmpty)
    }

    @Test func colourIsOffWhenNotATerminal() async throws {
        let cli = try CLIHarness()
        _ = await cli.run("launches")
        #expect(cli.builtConfigurations.first?.color == false)
    }
}
