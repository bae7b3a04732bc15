/// Shrinks a table's column widths so its rows fit a terminal: always the widest column first.
enum ColumnFitting {
    /// The fewest cells a column is cut to: room for one character and "…".
    static let minimumWidth = 2

    /// `natural` widths (cells) cut so that they plus the gutters between them fit `total` cells.
    /// The widest column gives up cells first, down to the next widest, then both, and so on;
    /// no column goes below ``minimumWidth`` (or its natural width, if that is less), so a
    /// terminal too narrow for even that gets rows as narrow as they can be.
    static func widths(_ natural: [Int], within total: Int, gutter: Int) -> [Int] {
        var widths = natural
        var excess = widths.reduce(0, +) + gutter * max(0, widths.count - 1) - total
        while excess > 0 {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
                  widths[widest] > minimumWidth else { break }
            let next = widths.indices.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
            // Down to the next widest at most; by one cell when they tie, so the two take turns.
            let cut = max(1, min(excess, widths[widest] - max(next, minimumWidth)))
            widths[widest] -= cut
            excess -= cut
        }
        return widths
    }
}
