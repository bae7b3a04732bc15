import Domain
import TerminalModel

extension AppReducer {
    /// How near the last loaded launch the selection may come before the next page loads:
    /// this many rows, or a screenful when that is more.
    public static let prefetchDistance = 5

    /// Keys of the launch list: moves, Enter for details, `t` for trips, `r` to retry a failed
    /// page, `q` to quit.
    static func launchesKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
        let list = state.launches
        if let delta = movement(key, rows: state.layout.listRows, count: list.launches.count) {
            guard !list.launches.isEmpty else { return [] }
            state.launches.position.move(
                by: delta, count: list.launches.count, rows: state.layout.listRows, footer: list.hasFooter)
            return prefetch(&state)
        }
        switch key {
        case .enter:
            guard let launch = list.selected else { return [] }
            return openDetails(&state, launch)
        case .character("t"):
            return openTrips(&state)
        case .character("r"):
            guard list.failure != nil, list.request == nil else { return [] }
            state.launches.failure = nil
            return requestPage(&state)
        case .character("q"):
            return [.quit]
        default:
            return []
        }
    }

    /// Asks for the next page when the selection is near the last launch, more follow, and no
    /// request is running or has failed.
    static func prefetch(_ state: inout AppState) -> [AppEffect] {
        let list = state.launches
        guard list.hasMore, list.request == nil, list.failure == nil else { return [] }
        let distance = max(prefetchDistance, state.layout.listRows)
        guard list.launches.count - list.position.selection <= distance else { return [] }
        return requestPage(&state)
    }

    /// Asks for the page after the list's cursor and shows the loading row.
    static func requestPage(_ state: inout AppState) -> [AppEffect] {
        let after = state.launches.cursor
        state.launches.request = PageRequest(after: after)
        revealLaunches(&state)
        return [.loadPage(after: after)]
    }

    /// Appends the page when it follows the list's last page; a page for another cursor (asked
    /// for before the list was replaced) is dropped. An empty page ends the list.
    static func pageLoaded(_ state: inout AppState, _ page: LaunchPage, after: String?) -> [AppEffect] {
        if state.launches.request?.after == after { state.launches.request = nil }
        guard after == state.launches.cursor, state.launches.hasMore else {
            revealLaunches(&state)
            return prefetch(&state)
        }
        state.launches.launches.append(contentsOf: page.launches)
        state.launches.cursor = page.cursor
        state.launches.hasMore = page.hasMore && !page.launches.isEmpty
        state.launches.failure = nil
        revealLaunches(&state)
        return prefetch(&state)
    }

    /// The request for the page after `after` failed: the loading row becomes the sentence.
    static func pageFailed(_ state: inout AppState, after: String?, message: String) {
        guard state.launches.request?.after == after else { return }
        state.launches.request = nil
        state.launches.failure = message
        revealLaunches(&state)
    }

    /// Replaces the list, keeping the selected launch selected when it is still there.
    static func launchesReplaced(_ state: inout AppState, _ pages: [LaunchPage]) -> [AppEffect] {
        let selectedID = state.launches.selected?.id
        state.launches.launches = pages.flatMap(\.launches)
        state.launches.cursor = pages.last?.cursor
        state.launches.hasMore = pages.last.map { $0.hasMore && !$0.launches.isEmpty } ?? true
        state.launches.failure = nil
        if let selectedID, let index = state.launches.launches.firstIndex(where: { $0.id == selectedID }) {
            state.launches.position.selection = index
        }
        revealLaunches(&state)
        return prefetch(&state)
    }

    /// Keeps the list's selection in range and on screen.
    static func revealLaunches(_ state: inout AppState) {
        let list = state.launches
        state.launches.position.reveal(count: list.launches.count, rows: state.layout.listRows, footer: list.hasFooter)
    }
}
