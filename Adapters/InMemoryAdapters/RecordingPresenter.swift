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
        case cacheSummary(CacheSummary)
        case cacheClearing(CacheClearing)
        case cacheCollection(CacheCollection)
    }

    private let recorded = Mutex<(shown: [Presentation], waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)])>(([], []))

    public init() {}

    /// Everything shown so far, in order.
    public var presentations: [Presentation] { recorded.withLock { $0.shown } }

    /// Returns once at least `count` things have been shown (no polling: each one wakes the waiters).
    public func wait(untilShown count: Int) async {
        await withCheckedContinuation { continuation in
            let reached = recorded.withLock { state in
                guard state.shown.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    public func present(_ page: LaunchPage) { append(.page(page)) }
    public func present(_ details: LaunchDetails) { append(.details(details)) }
    public func present(_ update: TripUpdate, for action: TripAction) { append(.tripUpdate(update, action)) }
    public func presentLogin(_ email: EmailAddress) { append(.login(email)) }
    public func presentLogout(_ email: EmailAddress?) { append(.logout(email)) }
    public func present(_ user: User) { append(.user(user)) }
    public func presentWhoAmI(_ email: EmailAddress, endpoint: String) { append(.whoami(email, endpoint: endpoint)) }
    public func present(_ summary: CacheSummary) { append(.cacheSummary(summary)) }
    public func present(_ clearing: CacheClearing) { append(.cacheClearing(clearing)) }
    public func present(_ collection: CacheCollection) { append(.cacheCollection(collection)) }

    private func append(_ presentation: Presentation) {
        let woken = recorded.withLock { state in
            state.shown.append(presentation)
            let count = state.shown.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in woken { continuation.resume() }
    }
}
