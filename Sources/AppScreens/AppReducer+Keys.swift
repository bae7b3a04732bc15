import Domain
import TerminalModel

extension AppReducer {
    /// A key goes to the sheet or overlay on top, else to the keys every screen shares, else to the screen.
    static func press(_ state: inout AppState, _ key: Key) -> [AppEffect] {
        if key == .control("c") { return [.quit] }
        // A window too small to show anything takes no key but Ctrl-C: nothing it did could be seen.
        if state.layout.isTooSmall { return [] }
        state.message = nil
        if state.login != nil { return loginKey(&state, key) }
        if state.showsHelp {
            if [.character("?"), .escape, .character("q")].contains(key) { state.showsHelp = false }
            return []
        }
        switch key {
        case .character("?"):
            state.showsHelp = true
            return []
        case .character("l"):
            state.login = LoginSheet()
            return []
        default:
            break
        }
        switch state.screen {
        case .launches: return launchesKey(&state, key)
        case .trips: return tripsKey(&state, key)
        case .details: return detailsKey(&state, key)
        }
    }

    /// The rows a list key moves the selection by (`nil`: not a move): ↑/↓, j/k, PgUp/PgDn,
    /// Home/End and g/G.
    static func movement(_ key: Key, rows: Int, count: Int) -> Int? {
        switch key {
        case .up, .character("k"): -1
        case .down, .character("j"): 1
        case .pageUp: -rows
        case .pageDown: rows
        case .home, .character("g"): Int.min / 2
        case .end, .character("G"): count
        default: nil
        }
    }

    /// Leaves the screen shown for the one under it; leaving details stops watching them.
    static func goBack(_ state: inout AppState) -> [AppEffect] {
        guard state.stack.count > 1 else { return [] }
        let left = state.stack.removeLast()
        guard case .details = left else { return [] }
        state.details = nil
        return [.closeDetails]
    }

    /// Shows the trips screen over the launch list (closing details if they were shown).
    static func openTrips(_ state: inout AppState) -> [AppEffect] {
        let closing = state.details != nil
        state.stack = [.launches, .trips]
        state.details = nil
        revealTrips(&state)
        return closing ? [.closeDetails] : []
    }

    /// Opens the details of `launch` over the screen shown.
    static func openDetails(_ state: inout AppState, _ launch: Launch) -> [AppEffect] {
        state.stack.append(.details(launch.id))
        state.details = DetailsState(id: launch.id, preview: launch)
        return [.showDetails(launch.id)]
    }
}
