import CLIArguments
import CLIConfiguration
import CLIFailures
import Domain
import Ports
import Presentation
import UseCases

/// `rocket-reserver trips --watch`: the user's trips, printed again whenever they change.
extension RocketReserverCLI {
    /// Moves the cursor home and clears the screen: a terminal shows only the newest list.
    static let redrawPrefix = "\u{1B}[H\u{1B}[2J"

    /// Prints each listing (redrawn in place on a terminal, appended when piped) until a signal
    /// cancels the command (exit 0) or the reader goes away (exit 0).
    func watchTrips(_ services: Services, redraw: Bool) async throws -> ExitCode {
        guard let watcher = services.tripWatcher else { throw LiveUpdatesUnavailable.tripWatcher }
        let watch = WatchMyTrips(trips: services.trips, watcher: watcher, activity: services.bookingActivity, credentials: services.credentials)
        let output = environment.standardOutput
        return try await environment.interruptionShield.stoppingOnSignal {
            do {
                for try await user in watch() {
                    if redraw { output.write(Self.redrawPrefix) }
                    services.presenter.present(user)
                    if output.isClosed { return .success }
                }
            } catch {
                // Ctrl-C or SIGTERM cancelled the command: the way to stop watching.
                if Task.isCancelled || error is CancellationError { return .success }
                throw error
            }
            return .success
        }
    }
}
