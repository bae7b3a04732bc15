import CLIArguments
import CLIFailures
import Domain
import Ports
import Presentation
import UseCases

/// `rocket-reserver watch`: the server's booking activity, a line an event, until interrupted.
extension RocketReserverCLI {
    /// The note on standard error when the live connection drops (the feed reconnects by itself).
    static func connectionLostNote(_ error: ServiceError) -> String {
        "The live connection was lost (\(DisplayText.sanitized(ServerText.line(error.detail), limit: 200))); reconnecting."
    }

    /// The note on standard error once the feed is connected again.
    static let reconnectedNote = "Reconnected; bookings made while the connection was down were missed."

    /// Prints each event until a signal cancels the command (exit 0), the reader of standard
    /// output goes away (exit 0; a write error is the root's to report, 74), or the feed fails
    /// (its ``ServiceError``: 69 when it cannot connect at all).
    func watch(_ feed: (any BookingActivityFeed)?, format: Configuration.OutputFormat) async throws -> ExitCode {
        guard let feed else { throw LiveUpdatesUnavailable.bookingActivity }
        let output = environment.standardOutput
        let notes = environment.notes
        return try await environment.interruptionShield.stoppingOnSignal {
            do {
                for try await update in WatchBookingActivity(feed: feed)() {
                    switch update {
                    case .value(let activity):
                        output.write((format == .json ? BookingActivityLine.json(activity) : BookingActivityLine.text(activity)) + "\n")
                        // Nobody reads any more: stop (leaving the loop disconnects).
                        if output.isClosed { return .success }
                    case .interrupted(let error):
                        notes.write("\(CommandCatalog.toolName): \(Self.connectionLostNote(error))\n")
                    case .resumed:
                        notes.write("\(CommandCatalog.toolName): \(Self.reconnectedNote)\n")
                    }
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
