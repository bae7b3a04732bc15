/// The selected row of a list and the first row on screen, kept so the selection stays visible.
public struct ListPosition: Hashable, Sendable {
    /// The selected row (0 when the list is empty).
    public internal(set) var selection = 0
    /// The first row drawn.
    public internal(set) var top = 0

    public init(selection: Int = 0, top: Int = 0) {
        self.selection = selection
        self.top = top
    }

    /// Moves the selection by `delta` rows (clamped to the list) and scrolls to show it.
    mutating func move(by delta: Int, count: Int, rows: Int, footer: Bool) {
        select(selection + delta, count: count, rows: rows, footer: footer)
    }

    /// Selects row `index` (clamped to the list) and scrolls to show it.
    mutating func select(_ index: Int, count: Int, rows: Int, footer: Bool) {
        selection = max(0, min(index, count - 1))
        reveal(count: count, rows: rows, footer: footer)
    }

    /// Keeps the selection inside the list and on screen; when it leaves the window, the window
    /// moves by half a screen so that the next moves redraw only the rows that change.
    /// With a `footer` (the loading row after the last launch), selecting the last row shows
    /// the footer under it.
    mutating func reveal(count: Int, rows: Int, footer: Bool) {
        selection = max(0, min(selection, count - 1))
        let rows = max(1, rows)
        let total = count + (footer ? 1 : 0)
        // The lowest row that must be on screen: the selection, or the footer under the last row.
        let bottom = footer && selection == count - 1 ? selection + 1 : selection
        // Leaving the window moves it by half a screen, not one row: one redraw of the rows every
        // half screenful of moves instead of on every move (a one-row scroll redraws every row).
        if bottom >= top + rows { top = bottom - rows + 1 + (rows - 1) / 2 }
        if selection < top { top = selection - (rows - 1) / 2 }
        // No empty rows below the end when the list could fill the screen.
        top = max(0, min(top, total - rows))
    }
}
