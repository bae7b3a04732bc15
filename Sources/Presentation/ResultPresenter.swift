import Domain
import Ports

/// Shows the outcome of each use case to the user.
public protocol ResultPresenter: Sendable {
    /// A page (or all pages, merged) of launches.
    func present(_ page: LaunchPage)
    /// A page of launches asked for `pageSize` at a time (`nil`: the server's default), so that
    /// a hint for the next page can ask for the same size.
    func present(_ page: LaunchPage, pageSize: Int?)
    /// A listing for launches that arrive a page at a time, asked for `pageSize` at a time.
    func launchListing(pageSize: Int?) -> any LaunchListing
    /// One launch's details.
    func present(_ details: LaunchDetails)
    /// The answer to booking or cancelling.
    func present(_ update: TripUpdate, for action: TripAction)
    /// A successful login.
    func presentLogin(_ email: EmailAddress)
    /// A successful login that replaced `previous`'s login (`nil`: nobody else was logged in).
    func presentLogin(_ email: EmailAddress, replacing previous: EmailAddress?)
    /// A logout; `email` is `nil` when nobody was logged in.
    func presentLogout(_ email: EmailAddress?)
    /// The user and their trips.
    func present(_ user: User)
    /// Who is logged in on `endpoint`.
    func presentWhoAmI(_ email: EmailAddress, endpoint: String)
    /// The current cache, described.
    func present(_ cache: CacheSummary)
    /// What removing caches removed.
    func present(_ clearing: CacheClearing)
    /// What collecting garbage removed.
    func present(_ collection: CacheCollection)
}

extension ResultPresenter {
    /// Presents the page without regard to the size asked for.
    public func present(_ page: LaunchPage, pageSize: Int?) {
        present(page)
    }

    /// Collects the pages and presents them merged when the listing finishes.
    public func launchListing(pageSize: Int?) -> any LaunchListing {
        CollectingLaunchListing(presenter: self, pageSize: pageSize)
    }

    /// Presents the login without naming whom it replaced.
    public func presentLogin(_ email: EmailAddress, replacing previous: EmailAddress?) {
        presentLogin(email)
    }
}

/// Which change a ``TripUpdate`` answers.
public enum TripAction: String, Sendable, Hashable {
    case book
    case cancel
}
