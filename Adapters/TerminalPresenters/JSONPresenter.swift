import Domain
import JSON
import Ports
import Presentation

/// Shows each result as exactly one JSON document followed by a newline, keys sorted.
///
/// Missing values are written as `null`; slashes are not escaped, other text is escaped as
/// JSON requires (by the JSON library's `JSONWriter`). The shapes are described in ``JSONDocument``.
public struct JSONPresenter: ResultPresenter {
    private let output: any TextOutput
    /// Where `launches --all` reports the pages fetched so far, when standard error is a terminal.
    private let progress: ProgressLine?

    /// Writes to `output`; a list that arrives in pages is reported on `progress` when given,
    /// and written as one document at its end.
    public init(output: any TextOutput, progress: ProgressLine? = nil) {
        self.output = output
        self.progress = progress
    }

    public func launchListing(pageSize: Int?) -> any LaunchListing {
        ProgressCollectingListing(presenter: self, pageSize: pageSize, progress: progress)
    }

    public func present(_ page: LaunchPage) { emit(JSONDocument.page(page)) }

    public func present(_ details: LaunchDetails) { emit(JSONDocument.details(details)) }

    public func present(_ update: TripUpdate, for action: TripAction) { emit(JSONDocument.update(update)) }

    public func presentLogin(_ email: EmailAddress) { emit(JSONDocument.login(email)) }

    public func presentLogin(_ email: EmailAddress, replacing previous: EmailAddress?) {
        emit(JSONDocument.login(email, replacing: previous))
    }

    public func presentLogout(_ email: EmailAddress?) { emit(JSONDocument.logout(email)) }

    public func present(_ user: User) { emit(JSONDocument.user(user)) }

    func emit(_ document: JSONValue) {
        output.write(JSONWriter.string(document, sortedKeys: true) + "\n")
    }
}
