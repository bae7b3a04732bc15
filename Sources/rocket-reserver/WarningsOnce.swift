import Domain
import Ports
import Presentation
import RocketReserverCLI
import Synchronization

/// Passes each kind of warning to an output once per run, so that a failure that repeats (a
/// full disk while `launches --all` saves every page) is reported once, not once per page.
///
/// Two warnings are of one kind when their text before the first `": "` is the same: for
/// example "Could not save the GraphQL cache file <path>".
final class WarningsOnce: Sendable {
    private let output: any TextOutput
    private let seen = Mutex<Set<String>>([])

    init(output: any TextOutput) {
        self.output = output
    }

    /// Writes `rocket-reserver: warning: <message>` unless a warning of its kind was written.
    func warn(_ message: String) {
        let kind = message.firstRange(of: ": ").map { String(message[..<$0.lowerBound]) } ?? message
        guard seen.withLock({ $0.insert(kind).inserted }) else { return }
        output.write("\(RocketReserverCLI.toolName): warning: \(DisplayText.sanitized(message, limit: 2_000))\n")
    }
}
