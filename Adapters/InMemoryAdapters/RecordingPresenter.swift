import Domain
import Ports
import Presentation
import Synchronization

/// A presenter that records what it was asked to show, for tests.
public final class RecordingPresenter: ResultPresenter {
    /// One thing the presenter was asked to show.
    public enum Presentation: Hashable, Sendable {
        case page(LaunchPage)
        case details(LaunchDetails)
        case tripUpdate(TripUpdate, TripAction)
        case login(EmailAddress)
        case logout(EmailAddress?)
        case user(User)
        case whoami(EmailAddress, endpoint: String)
        case cache(CacheSummary)
        case cacheClearing(CacheClearing)
        case cacheCollection(CacheCollection)
    }

    private let recorded = Mutex<[Presentation]>([])

    public init() {}

    /// Everything shown so far, in order.
    public var presentations: [Presentation] { recorded.withLock { $0 } }

    public func present(_ page: LaunchPage) { append(.page(page)) }
    public func present(_ details: LaunchDetails) { append(.details(details)) }
    public func present(_ update: TripUpdate, for action: TripAction) { append(.tripUpdate(update, action)) }
    public func presentLogin(_ email: EmailAddress) { append(.login(email)) }
    public func presentLogout(_ email: EmailAddress?) { append(.logout(email)) }
    public func present(_ user: User) { append(.user(user)) }
    public func presentWhoAmI(_ email: EmailAddress, endpoint: String) { append(.whoami(email, endpoint: endpoint)) }
    public func present(_ cache: CacheSummary) { append(.cache(cache)) }
    public func present(_ clearing: CacheClearing) { append(.cacheClearing(clearing)) }
    public func present(_ collection: CacheCollection) { append(.cacheCollection(collection)) }

    private func append(_ presentation: Presentation) {
        recorded.withLock { $0.append(presentation) }
    }
}
