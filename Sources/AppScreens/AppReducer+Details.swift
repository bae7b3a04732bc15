import Domain
import TerminalModel

extension AppReducer {
    /// Keys of the details screen: `b` books or cancels, `r` reloads, `t` trips, Esc or `q` back.
    static func detailsKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
        guard let shown = state.details else { return goBack(&state) }
        switch key {
        case .character("b"):
            return bookOrCancel(&state, shown)
        case .character("r"):
            state.details?.isLoading = true
            state.details?.failure = nil
            return [.reloadDetails(shown.id)]
        case .character("t"):
            return openTrips(&state)
        case .escape, .character("q"):
            return goBack(&state)
        default:
            return []
        }
    }

    /// The button: books an unbooked launch, cancels a booked one; logged out, opens the login
    /// sheet that books it afterwards. Nothing while the launch's last request is unanswered or
    /// before its details arrived.
    static func bookOrCancel(_ state: inout AppState, _ shown: DetailsState) -> [AppEffect] {
        guard let details = shown.details, state.pendingBookings[shown.id] == nil else { return [] }
        guard state.user != nil else {
            state.login = LoginSheet(bookingAfterLogin: shown.id)
            return []
        }
        return send(&state, details.isBooked ? .cancel : .book, shown.id)
    }

    /// Marks the launch pending and asks the driver to book or cancel it.
    static func send(_ state: inout AppState, _ action: BookingAction, _ id: LaunchID) -> [AppEffect] {
        state.pendingBookings[id] = action
        return [action == .book ? .book(id) : .cancel(id)]
    }

    /// The watcher's truth about a launch: the details screen shows it, the list's mark follows it.
    static func detailsChanged(_ state: inout AppState, _ id: LaunchID, _ details: LaunchDetails?) {
        if let details {
            if details.isBooked { state.bookedIDs.insert(id) } else { state.bookedIDs.remove(id) }
        }
        guard state.details?.id == id else { return }
        state.details?.details = details
        state.details?.isLoading = false
        state.details?.failure = nil
    }

    /// Loading the shown launch failed: its screen says why and keeps what it showed.
    static func detailsFailed(_ state: inout AppState, _ id: LaunchID, message: String) {
        guard state.details?.id == id else { return }
        state.details?.isLoading = false
        state.details?.failure = message
    }

    /// The server confirmed: the launch is no longer pending; its message (or ours) goes on the message line.
    static func bookingFinished(_ state: inout AppState, _ id: LaunchID, message: String?) {
        let action = state.pendingBookings.removeValue(forKey: id)
        if let message, !message.isEmpty {
            state.message = StatusMessage(message, isError: false)
        } else if let action {
            let text = action == .book ? "Booked launch \(id.rawValue)." : "Cancelled the trip on launch \(id.rawValue)."
            state.message = StatusMessage(text, isError: false)
        }
    }
}
