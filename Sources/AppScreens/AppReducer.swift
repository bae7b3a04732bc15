import Domain
import TerminalModel

/// The screens' state machine: applies one event to the state and says what the driver must do.
///
/// Pure and synchronous: no I/O, no waiting. A key costs the screen, not the number of launches.
public enum AppReducer {
    /// How long a booking-activity banner stays up.
    public static let bannerDuration = Duration.seconds(4)

    /// Applies `event` to `state`; returns the effects to run, in order.
    public static func reduce(_ state: inout AppState, _ event: AppEvent) -> [AppEffect] {
        switch event {
        case .started:
            return prefetch(&state)
        case .terminal(let terminalEvent):
            return terminal(&state, terminalEvent)
        case .pageLoaded(let page, let after):
            return pageLoaded(&state, page, after: after)
        case .pageFailed(let after, let message):
            pageFailed(&state, after: after, message: message)
        case .launchesReplaced(let pages):
            return launchesReplaced(&state, pages)
        case .detailsChanged(let id, let details):
            detailsChanged(&state, id, details)
        case .detailsFailed(let id, let message):
            detailsFailed(&state, id, message: message)
        case .userChanged(let user):
            userChanged(&state, user)
        case .signedIn(let email):
            signedIn(&state, email)
        case .loginFinished(let email):
            return loginFinished(&state, email)
        case .loginFailed(let message):
            loginFailed(&state, message: message)
        case .bookingFinished(let id, let message):
            bookingFinished(&state, id, message: message)
        case .bookingFailed(let id, let message):
            state.pendingBookings[id] = nil
            state.message = StatusMessage(message, isError: true)
        case .banner(let text):
            return showBanner(&state, text)
        case .bannerExpired(let id):
            if state.banner?.id == id { state.banner = nil }
        case .connectivity(let online, let asOf):
            // Older evidence never overrides newer: an answer to a request sent before the
            // feed saw the server go away does not bring the status back online.
            if let known = state.connectivityAsOf, asOf < known { break }
            state.isOnline = online
            state.connectivityAsOf = asOf
        }
        return []
    }

    /// A terminal event: a resize lays the lists out again, a key goes to what is on top.
    static func terminal(_ state: inout AppState, _ event: TerminalEvent) -> [AppEffect] {
        switch event {
        case .resized(let size):
            state.size = size
            revealLaunches(&state)
            revealTrips(&state)
            return prefetch(&state)
        case .redraw:
            return []
        case .key(let key):
            return press(&state, key)
        }
    }

    /// A new banner replaces the one shown and asks for its own expiry.
    static func showBanner(_ state: inout AppState, _ text: String) -> [AppEffect] {
        let id = state.nextBannerID
        state.nextBannerID += 1
        state.banner = Banner(id: id, text: text)
        return [.expireBanner(id: id, after: bannerDuration)]
    }
}
