import Domain
import Synchronization

/// Shows a list of launches that arrives a page at a time (every page of the list): the use case
/// yields pages, the CLI hands each one here as it arrives.
public protocol LaunchListing: Sendable {
    /// Shows (or keeps) a page; `number` counts pages from 1 and `launchCount` is the number
    /// of launches in this page and every one before it.
    func add(_ page: LaunchPage, number: Int, launchCount: Int)
    /// The last page was added: shows what is left to show and clears anything transient.
    func finish()
    /// The walk failed or was interrupted: clears anything transient (such as a progress line).
    func abandon()
}

/// A listing that keeps every page and presents them merged, as one page, when finished:
/// the default for presenters that cannot show a list in parts (one JSON document, tests).
public final class CollectingLaunchListing: LaunchListing {
    private let presenter: any ResultPresenter
    private let pageSize: Int?
    private let pages = Mutex<[LaunchPage]>([])

    public init(presenter: any ResultPresenter, pageSize: Int?) {
        self.presenter = presenter
        self.pageSize = pageSize
    }

    public func add(_ page: LaunchPage, number: Int, launchCount: Int) {
        pages.withLock { $0.append(page) }
    }

    public func finish() {
        let all = pages.withLock { $0 }
        let last = all.last
        presenter.present(
            LaunchPage(launches: all.flatMap(\.launches), cursor: last?.cursor ?? "", hasMore: last?.hasMore ?? false),
            pageSize: pageSize
        )
    }

    public func abandon() {}
}
