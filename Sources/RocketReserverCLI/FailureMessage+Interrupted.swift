import Domain
import UseCases

extension FailureMessage {
    /// What the user reads when a booking or a cancellation was interrupted after its request
    /// may have reached the server: the outcome is unknown, and how to learn it.
    static func interrupted(_ change: TripChangeKind, launch id: LaunchID) -> String {
        let state = switch change {
        case .booking: "launch \(id) may or may not be booked now"
        case .cancellation: "your trip on launch \(id) may or may not be cancelled now"
        }
        return "Interrupted before the server answered, so \(state). Run `\(CommandCatalog.toolName) details \(id) --force-reload` to check."
    }
}
