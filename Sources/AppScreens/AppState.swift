import Domain
import TerminalModel

/// Everything the app's screens show, as one value: ``AppReducer`` changes it, ``AppRenderer`` draws it.
///
/// The launches are kept in one array that only grows by pages; booked launches are a set, so
/// a key press costs the screen, not the list.
public struct AppState: Equatable, Sendable {
    /// The endpoint's host, for the status line.
    public internal(set) var host: String
    /// Who is logged in (`nil`: nobody).
    public internal(set) var user: EmailAddress?
    /// The terminal's size; the screens lay out for it.
    public internal(set) var size: TerminalSize
    /// Whether the server could be reached last time the driver tried.
    public internal(set) var isOnline = true
    /// Since when ``isOnline`` is known (`nil`: nothing learned yet).
    var connectivityAsOf: ContinuousClock.Instant?
    /// The screens opened, the launch list first; the last is shown.
    public internal(set) var stack: [AppScreen] = [.launches]
    public internal(set) var launches = LaunchList()
    /// The launch the details screen shows, while it is open.
    public internal(set) var details: DetailsState?
    /// The signed-in user and their trips, as the current-user watcher last yielded them.
    public internal(set) var account: User?
    /// The trips screen's selection.
    public internal(set) var tripsPosition = ListPosition()
    /// The launches the user has booked, for the list's marks.
    public internal(set) var bookedIDs: Set<LaunchID> = []
    /// Booking or cancelling requests sent and not yet answered.
    public internal(set) var pendingBookings: [LaunchID: BookingAction] = [:]
    /// The login sheet, while it is open.
    public internal(set) var login: LoginSheet?
    /// Whether the key help is shown.
    public internal(set) var showsHelp = false
    /// The booking-activity banner, while it is shown.
    public internal(set) var banner: Banner?
    /// The id the next banner gets.
    var nextBannerID = 1
    /// The message line's sentence until the next key.
    public internal(set) var message: StatusMessage?

    public init(host: String, user: EmailAddress?, size: TerminalSize) {
        self.host = host
        self.user = user
        self.size = size
    }

    /// The screen shown.
    public var screen: AppScreen { stack.last ?? .launches }

    /// The signed-in user's trips (empty when nobody is, or before the watcher yielded).
    public var trips: [Trip] { account?.trips ?? [] }

    /// The layout for the current size.
    public var layout: AppLayout { AppLayout(size: size) }
}
