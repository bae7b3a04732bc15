import CLIArguments
import CLIConfiguration
import Ports
import Presentation
import RocketReserverApp

/// `rocket-reserver app`: the tutorial's screens in a full-screen terminal, on the same use cases.
extension RocketReserverCLI {
    /// Why the app cannot start here, as a sentence (`nil` when it can).
    static func appRefusal(hasTerminal: Bool, term: String?) -> String? {
        let commands = "launches, details, book, cancel, trips and watch"
        guard hasTerminal else {
            return "The app needs a terminal on both standard input and standard output; to pipe or script, use the commands (\(commands))."
        }
        if term == "dumb" {
            return "The app cannot draw on a dumb terminal (TERM=dumb): it moves the cursor and redraws the screen. Use the commands (\(commands)) instead."
        }
        return nil
    }

    /// Runs the app until the user quits (exit 0) or a signal stops it (exit 0); the terminal is
    /// given back as it was on every way out.
    func app(_ services: Services, configuration: Configuration) async throws -> ExitCode {
        let terminal = environment.makeTerminal()
        if let refusal = Self.appRefusal(hasTerminal: terminal != nil, term: environment.variables["TERM"]) {
            throw UsageError(refusal, command: .app)
        }
        guard let terminal else { return .usage }
        let environment = self.environment
        let driver = AppDriver(
            services: services, terminal: terminal, endpoint: configuration.endpoint.absoluteString,
            host: configuration.endpoint.host ?? configuration.endpoint.absoluteString, colors: configuration.color,
            rebuild: { try await environment.makeServices(configuration) }
        )
        return try await environment.interruptionShield.stoppingOnSignal {
            try await driver.run()
        }
    }
}
