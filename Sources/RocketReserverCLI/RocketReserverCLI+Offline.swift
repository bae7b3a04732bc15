import CLIArguments
import Ports
import Presentation
import UseCases

/// `--offline`, the note when the server could not be reached, and `launches --all` in parts.
extension RocketReserverCLI {
    /// The line on standard error when an answer came from the cache because the server
    /// could not be reached.
    static let cachedNote = "Showing cached data: the server could not be reached."

    /// Refuses, before anything is sent, a command that needs the server when offline.
    static func checkOffline(_ command: Command, offline: Bool) throws(UsageError) {
        guard offline else { return }
        if case .details(_, forceReload: true) = command {
            throw UsageError("\(CommandOptions.forceReload.name) asks the server, which \(CommandOptions.offline.name) rules out; give one or the other.", command: .details)
        }
        guard !command.runsOffline else { return }
        throw UsageError("The \(command.name) command needs the server, so it cannot run with \(CommandOptions.offline.name) (or ROCKET_RESERVER_OFFLINE=1).")
    }

    /// Writes ``cachedNote``, with the cached data's age when known, to the notes (standard
    /// error) when `source` says so.
    func noteCached(_ source: AnswerSource, age: Duration?) {
        switch source {
        case .asAsked: break
        case .cacheWhileUnreachable: environment.notes.write(Self.cachedNote(age: age) + "\n")
        }
    }

    /// "Showing cached data from 3 hours ago: the server could not be reached.", or without
    /// the age when it is not known.
    static func cachedNote(age: Duration?) -> String {
        guard let age else { return cachedNote }
        return "Showing cached data from \(AgeText.phrase(age)): the server could not be reached."
    }

    /// Hands each page to `listing` as it arrives; clears the listing's transient output
    /// (its progress line) when the walk fails or is interrupted.
    /// - Returns: whether any page came from the cache because the server could not be reached.
    func stream(_ pages: LaunchPages, to listing: any LaunchListing) async throws -> AnswerSource {
        var source = AnswerSource.asAsked
        do {
            for try await element in pages {
                if element.source == .cacheWhileUnreachable { source = .cacheWhileUnreachable }
                listing.add(element.page, number: element.number, launchCount: element.launchCount)
            }
        } catch {
            listing.abandon()
            throw error
        }
        listing.finish()
        return source
    }
}
