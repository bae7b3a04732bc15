import Domain

/// The launches loaded so far, page after page, and where the list is in loading the next.
public struct LaunchList: Equatable, Sendable {
    /// Every launch loaded, in the server's order.
    public internal(set) var launches: [Launch] = []
    /// The cursor the next page follows (`nil` before the first page).
    public internal(set) var cursor: String?
    /// Whether the server has more launches after ``cursor``.
    public internal(set) var hasMore = true
    /// The page request in flight, if any: never more than one.
    public internal(set) var request: PageRequest?
    /// Why the last page request failed; paging waits for a retry (`r`) until it is cleared.
    public internal(set) var failure: String?
    /// The selected launch and the first one on screen.
    public internal(set) var position = ListPosition()

    /// Whether a row follows the launches: "Loading…", the failure, or "No launches." for an empty list.
    var hasFooter: Bool {
        request != nil || failure != nil || launches.isEmpty
    }

    /// The selected launch, if the list has any.
    public var selected: Launch? {
        launches.indices.contains(position.selection) ? launches[position.selection] : nil
    }
}
