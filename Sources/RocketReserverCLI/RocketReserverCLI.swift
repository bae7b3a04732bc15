import CLIArguments
import CLIConfiguration
import CLIFailures
import CommandLineKit
import Domain
import Ports
import Presentation
import UseCases

/// The `rocket-reserver` command-line tool: parses the arguments, runs one use case through
/// the adapters the environment provides, and returns the exit status.
public struct RocketReserverCLI: Sendable {
    let environment: CLIEnvironment

    /// The tool's name, which starts every line it writes to standard error.
    public static let toolName = CommandCatalog.toolName

    /// The command that shows the launches after a cursor, for presenters' "next page" hints:
    /// this front end's words, given to the presenter by the composition root.
    public static let nextPageCommand: NextPageCommand = { cursor, pageSize in
        let size = pageSize.map { [CommandOptions.pageSize.name, String($0)] } ?? []
        return [CommandCatalog.toolName, CommandName.launches.rawValue] + size + [CommandOptions.after.name, cursor]
    }

    public init(environment: CLIEnvironment) {
        self.environment = environment
    }

    /// Runs the command line (without the program name) and returns the exit status.
    public func run(_ arguments: [String]) async -> ExitCode {
        var endpoint = Configuration.defaultEndpoint
        var asked: (command: Command, services: Services, sendsCredentials: Bool)?
        do {
            let invocation = try CommandLineParser().parse(arguments)
            switch invocation.command {
            case .help(let name):
                environment.standardOutput.write((name.map { HelpText.command(CommandCatalog.spec(for: $0), of: CommandCatalog.tool) } ?? HelpText.tool(CommandCatalog.tool)) + "\n")
                return .success
            case .version:
                environment.standardOutput.write(CommandCatalog.tool.versionLine + "\n")
                return .success
            case .completion(let shell):
                environment.standardOutput.write(CompletionScript.text(for: shell, tool: CommandCatalog.tool))
                return .success
            case .manPage:
                environment.standardOutput.write(ManPage.text(for: CommandCatalog.tool))
                return .success
            default:
                break
            }
            let configuration = try ConfigurationResolver(environment: environment).resolve(invocation.options)
            endpoint = configuration.endpoint.absoluteString
            try Self.checkOffline(invocation.command, offline: configuration.offline)
            if invocation.command.needsCredentials, !configuration.sendsCredentials {
                throw EndpointPolicy.insecureRefusal(for: configuration)
            }
            let services = try await environment.makeServices(configuration)
            asked = (invocation.command, services, configuration.sendsCredentials)
            switch invocation.command {
            case .watch: return try await watch(services.bookingActivity, format: configuration.outputFormat)
            case .watchTrips: return try await watchTrips(services, redraw: configuration.outputIsTerminal)
            case .app: return try await app(services, configuration: configuration)
            default: break
            }
            return try await execute(invocation.command, with: services, endpoint: endpoint, offline: configuration.offline)
        } catch {
            var failure = Failure(error, endpoint: endpoint, command: asked?.command)
            if let asked, await Self.wasAnonymous(error, asked.command, asked.sendsCredentials ? asked.services.credentials : nil) {
                failure = Failure(.notPermitted, FailureMessage.loginRequired(endpoint: endpoint))
            }
            // Interrupted with nothing to tell (the change never left): the shell shows the ^C.
            guard !failure.message.isEmpty else { return failure.code }
            // Messages may quote the server: each of their lines (a document's diagnostics are one
            // a line) is shown through the same sanitiser as stdout data.
            let lines = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
            let text = lines.map { DisplayText.sanitized(String($0), limit: 2_000) }.joined(separator: "\n")
            environment.standardError.write("\(CommandCatalog.toolName): \(text)\n")
            return failure.code
        }
    }

    private func execute(_ command: Command, with services: Services, endpoint: String, offline: Bool) async throws -> ExitCode {
        // Commands that change state finish what they started, or say what is unknown, before
        // a signal ends the process.
        switch command {
        case .login, .logout, .book, .cancel:
            try await environment.interruptionShield.finishing {
                try await run(command, with: services, endpoint: endpoint, offline: offline)
            }
        default:
            try await run(command, with: services, endpoint: endpoint, offline: offline)
        }
    }

    private func run(_ command: Command, with services: Services, endpoint: String, offline: Bool) async throws -> ExitCode {
        let presenter = services.presenter
        switch command {
        case .login(let email):
            let login = Login(authenticator: services.authenticator, credentials: services.credentials, userData: services.userData)
            let outcome = try await login.logIn(email: email)
            presenter.presentLogin(outcome.email, replacing: outcome.replaced)
        case .logout:
            presenter.presentLogout(try await Logout(credentials: services.credentials, userData: services.userData)())
        case let .launches(pageSize, after, all, maxPages):
            let list = ListLaunches(launches: services.launches)
            let freshness: Freshness = offline ? .cachedOnly : .fromServerElseCached
            guard all else {
                let answer = try await list.page(pageSize: pageSize, after: after, freshness: freshness)
                presenter.present(answer.value, pageSize: pageSize)
                noteCached(answer.source, age: services.cachedAnswerAge())
                return .success
            }
            let pages = list.pages(pageSize: pageSize, after: after, maximumPages: maxPages ?? ListLaunches.defaultMaximumPages, freshness: freshness)
            noteCached(try await stream(pages, to: presenter.launchListing(pageSize: pageSize)), age: services.cachedAnswerAge())
        case let .details(id, forceReload):
            let freshness: Freshness = offline ? .cachedOnly : forceReload ? .fromServer : .cachedIfAvailable
            let answer = try await LoadLaunchDetails(launches: services.launches)(id: id, freshness: freshness)
            presenter.present(answer.value)
            noteCached(answer.source, age: services.cachedAnswerAge())
        case .book(let id):
            return report(try await BookTrip(trips: services.bookings, credentials: services.credentials)(id: id), .book, presenter)
        case .cancel(let id):
            return report(try await CancelTrip(trips: services.bookings, credentials: services.credentials)(id: id), .cancel, presenter)
        case .trips:
            let trips = MyTrips(trips: services.trips, credentials: services.credentials)
            let answer = try await trips(freshness: offline ? .cachedOnly : .fromServerElseCached)
            presenter.present(answer.value)
            noteCached(answer.source, age: services.cachedAnswerAge())
        case .whoami:
            presenter.presentWhoAmI(try await WhoAmI(credentials: services.credentials)(), endpoint: endpoint)
        case .cacheInfo:
            presenter.present(try await CacheMaintenance(inspector: services.cacheInspector).info())
        case .cacheClear(let all):
            presenter.present(try await CacheMaintenance(inspector: services.cacheInspector).clear(all: all))
        case .cacheCollect:
            presenter.present(try await CacheMaintenance(inspector: services.cacheInspector).collectGarbage())
        case .query(let query):
            return try await runQuery(query, documentRunner: services.documentRunner, output: environment.standardOutput, errors: environment.standardError)
        case .schema(let output):
            return try await runSchema(to: output, documentRunner: services.documentRunner, output: environment.standardOutput)
        case .help, .version, .completion, .manPage, .watch, .watchTrips, .app:
            break
        }
        return .success
    }

    /// Whether `error` is the server refusing a login that was never sent: a command that runs
    /// without one got `unauthenticated` while nobody is logged in at this endpoint, or while
    /// credentials may not travel to it (`credentials` is `nil`). Commands that need a login
    /// refuse before sending when there is none.
    private static func wasAnonymous(_ error: any Error, _ command: Command, _ credentials: (any CredentialStore)?) async -> Bool {
        guard let error = error as? ServiceError, error.kind == .unauthenticated, !command.needsCredentials else { return false }
        guard let credentials else { return true }
        return (try? await credentials.credential()) == nil
    }

    private func report(_ update: TripUpdate, _ action: TripAction, _ presenter: any ResultPresenter) -> ExitCode {
        presenter.present(update, for: action)
        return update.success ? .success : .refused
    }
}
