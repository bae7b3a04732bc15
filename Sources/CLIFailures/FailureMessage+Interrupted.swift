import CLIArguments
import Domain
import Ports
import Presentation
import UseCases

extension FailureMessage {
    /// What the user reads when a booking or a cancellation was interrupted after its request
    /// may have reached the server: the outcome is unknown, and how to learn it.
    package static func interrupted(_ change: TripChangeKind, launch id: LaunchID) -> String {
        "Interrupted before the server answered, so \(unknownState(change, id)). \(check(id))"
    }

    /// What the user reads when a booking or a cancellation may have reached the server but no
    /// usable answer came back: what happened, that the outcome is unknown, and how to learn it.
    package static func outcomeUnknown(_ change: TripChangeKind, launch id: LaunchID, cause: ServiceError, endpoint: String?) -> String {
        let server = endpoint.map { "the server at \($0)" } ?? "the server"
        let what = switch cause.kind {
        case .timedOut: "\(server.prefix(1).uppercased() + server.dropFirst()) did not answer in time"
        case .unreachable, .tlsFailed, .proxyFailed, .untrustedCertificate: "The connection to \(server) ended before it answered"
        case .unreadableResponse: "The server's answer to \(cause.operation) was not understood (\(phrase(cause.detail)))"
        case .rejected, .unauthenticated, .cancelled, .notCached: "The server's answer to \(cause.operation) could not be used"
        }
        return "\(what), so \(unknownState(change, id)). \(check(id))"
    }

    private static func unknownState(_ change: TripChangeKind, _ id: LaunchID) -> String {
        switch change {
        case .booking: "launch \(id) may or may not be booked now"
        case .cancellation: "your trip on launch \(id) may or may not be cancelled now"
        }
    }

    private static func check(_ id: LaunchID) -> String {
        "Run `\(CommandCatalog.toolName) details \(id) \(CommandOptions.forceReload.name)` to check."
    }

    /// A sentence as a phrase inside another: on one line and cut (``ServerText/line(_:)``), no
    /// capital, no full stop.
    private static func phrase(_ detail: String) -> String {
        let sentence = ServerText.line(detail)
        let trimmed = sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
        return (trimmed.first.map { $0.lowercased() } ?? "") + trimmed.dropFirst()
    }
}
