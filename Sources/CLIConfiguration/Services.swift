import Ports
import Presentation

/// The adapters a run of the tool works with, built by the composition root for one configuration.
public struct Services: Sendable {
    public var launches: any LaunchRepository
    public var bookings: any TripBookingService
    public var trips: any TripRepository
    public var authenticator: any Authenticator
    public var credentials: any CredentialStore
    /// Every user's cached data for the endpoint, removed when the login changes or ends.
    public var userData: any UserDataCache
    public var presenter: any ResultPresenter
    /// Every cache on this machine, for `cache info` and `cache clear --all`.
    public var cacheInspector: any CacheInspector
    /// Runs documents the user wrote and describes the schema, for `query` and `schema`.
    public var documentRunner: any GraphQLDocumentRunner
    /// How old the oldest cached answer this run showed is (`nil` when it showed none, or
    /// when the adapters cannot tell): for "Showing cached data from 3 hours ago".
    public var cachedAnswerAge: @Sendable () -> Duration? = { nil }
    /// The server's live booking activity, for `watch`; `nil` when this build has no live
    /// updates (`watch` then exits 69 saying so).
    public var bookingActivity: (any BookingActivityFeed)?
    /// Watches the user's trips in the cache, for `trips --watch`; `nil` when this build cannot
    /// (`trips --watch` then exits 69 saying so).
    public var tripWatcher: (any TripWatcher)?
    /// Watches one launch's details in the cache, for the app's details screen; `nil` when this
    /// build cannot (the screen then shows what was loaded, and `r` reloads).
    public var launchWatcher: (any LaunchWatcher)?

    public init(
        launches: any LaunchRepository,
        bookings: any TripBookingService,
        trips: any TripRepository,
        authenticator: any Authenticator,
        credentials: any CredentialStore,
        userData: any UserDataCache,
        presenter: any ResultPresenter,
        cacheInspector: any CacheInspector,
        documentRunner: any GraphQLDocumentRunner,
        bookingActivity: (any BookingActivityFeed)? = nil,
        tripWatcher: (any TripWatcher)? = nil,
        launchWatcher: (any LaunchWatcher)? = nil
    ) {
        self.launches = launches
        self.bookings = bookings
        self.trips = trips
        self.authenticator = authenticator
        self.credentials = credentials
        self.userData = userData
        self.presenter = presenter
        self.cacheInspector = cacheInspector
        self.documentRunner = documentRunner
        self.bookingActivity = bookingActivity
        self.tripWatcher = tripWatcher
        self.launchWatcher = launchWatcher
    }
}
