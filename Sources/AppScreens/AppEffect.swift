import Domain

/// Work the driver does for the screens; its results come back as ``AppEvent``s.
public enum AppEffect: Equatable, Sendable {
    /// Load the page of launches after cursor `after` (`nil`: the first); answer with
    /// ``AppEvent/pageLoaded(_:after:)`` or ``AppEvent/pageFailed(after:message:)``.
    case loadPage(after: String?)
    /// Start watching this launch's details and load them (cache first); the driver stops
    /// watching the launch shown before. Answer with ``AppEvent/detailsChanged(_:_:)``.
    case showDetails(LaunchID)
    /// Load this launch's details from the server, bypassing the cache.
    case reloadDetails(LaunchID)
    /// Stop watching details: the details screen was closed.
    case closeDetails
    /// Book a trip on the launch (optimistically); answer with ``AppEvent/bookingFinished(_:message:)``
    /// or ``AppEvent/bookingFailed(_:message:)``.
    case book(LaunchID)
    /// Cancel the trip on the launch (optimistically); answered as ``book(_:)`` is.
    case cancel(LaunchID)
    /// Log in with the email as typed; answer with ``AppEvent/loginFinished(_:)`` or
    /// ``AppEvent/loginFailed(message:)``.
    case logIn(email: String)
    /// Send ``AppEvent/bannerExpired(id:)`` with this id after `after`.
    case expireBanner(id: Int, after: Duration)
    /// Give the terminal back and end the app.
    case quit
}
