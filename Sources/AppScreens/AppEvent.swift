import Domain
import TerminalModel

/// Something that happened to the app: a key or resize from the terminal, or a result the
/// driver got from a use case or a watcher.
///
/// Events carry their sentences: the driver words failures and banners (as the commands do),
/// the screens only place them.
public enum AppEvent: Equatable, Sendable {
    /// The app has started: the first page of launches loads unless launches are already shown.
    case started
    /// A key, a paste, a resize or a redraw.
    case terminal(TerminalEvent)
    /// The page that follows cursor `after` (`nil`: the first page).
    case pageLoaded(LaunchPage, after: String?)
    /// The page that follows cursor `after` could not be loaded; `message` says why.
    case pageFailed(after: String?, message: String)
    /// The whole list, as these pages (the cached pages restored at start, or a refreshed list).
    case launchesReplaced([LaunchPage])
    /// The launch's details as they are now (from its watcher or a reload); `nil`: no such launch.
    case detailsChanged(LaunchID, LaunchDetails?)
    /// The launch's details could not be loaded; `message` says why.
    case detailsFailed(LaunchID, message: String)
    /// The signed-in user and their trips, from the current-user watcher (`nil`: nobody).
    case userChanged(User?)
    /// Who is logged in now (`nil`: nobody).
    case signedIn(EmailAddress?)
    /// The login the sheet asked for succeeded.
    case loginFinished(EmailAddress)
    /// The login the sheet asked for was refused or failed; `message` says why.
    case loginFailed(message: String)
    /// The server confirmed a booking or cancellation (`message`: the server's, if any).
    case bookingFinished(LaunchID, message: String?)
    /// A booking or cancellation failed and the driver rolled it back; `message` says why.
    case bookingFailed(LaunchID, message: String)
    /// Booking activity on the server, in the `watch` command's words.
    case banner(String)
    /// The banner with this id has been shown long enough.
    case bannerExpired(id: Int)
    /// Whether the server can be reached, as known since `asOf`: for what a request's answer
    /// (or failure) says, when that request started; for the live feed, when it reported it.
    /// Evidence older than what the status already shows is ignored.
    case connectivity(online: Bool, asOf: ContinuousClock.Instant)
}
