import Domain
import TerminalModel

extension AppReducer {
    /// Keys of the trips screen: moves, Enter for details, Esc or `q` back.
    static func tripsKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
        let trips = state.trips
        if let delta = movement(key, rows: state.layout.listRows, count: trips.count) {
            state.tripsPosition.move(by: delta, count: trips.count, rows: state.layout.listRows, footer: false)
            return []
        }
        switch key {
        case .enter:
            guard trips.indices.contains(state.tripsPosition.selection) else { return [] }
            return openDetails(&state, trips[state.tripsPosition.selection].launch)
        case .escape, .character("q"):
            return goBack(&state)
        default:
            return []
        }
    }

    /// The current-user watcher yielded: the trips and the list's booked marks follow it.
    static func userChanged(_ state: inout AppState, _ user: User?) {
        state.account = user
        state.bookedIDs = Set(user?.trips.map(\.id) ?? [])
        revealTrips(&state)
    }

    /// Keeps the trips' selection in range and on screen.
    static func revealTrips(_ state: inout AppState) {
        state.tripsPosition.reveal(count: state.trips.count, rows: state.layout.listRows, footer: false)
    }
}
