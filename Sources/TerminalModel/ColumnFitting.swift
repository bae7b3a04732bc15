/// Shrinks a table's column widths so its rows fit a terminal: always the widest column first.
public enum ColumnFitting {
    /// The fewest cells a column is cut to: room for one character and "…".
    public static let minimumWidth = 2

    /// `natural` widths (cells) cut so that they plus the gutters between them fit `total` cells.
    /// The widest column gives up cells first, down to the next widest, then both, and so on;
    /// no column goes below ``minimumWidth`` (or its natural width, if that is less), so a
    /// terminal too narrow for even that gets rows as narrow as they can be.
    ///
    /// Columns that tie take turns giving up one cell, leftmost first; whole rounds of turns are
    /// taken at once, so the time depends on the number of columns, not on how many cells a
    /// (server-provided) value would need.
    public static func widths(_ natural: [Int], within total: Int, gutter: Int) -> [Int] {
        var widths = natural
        var excess = widths.reduce(0, +) + gutter * max(0, widths.count - 1) - total
        while excess > 0 {
            guard let widest = widths.max(), widest > minimumWidth else { break }
            let tied = widths.indices.filter { widths[$0] == widest }
            let next = widths.filter { $0 < widest }.max() ?? 0
            let floor = max(next, minimumWidth)
            // Every tied column down to the floor, if the excess needs that much.
            let rounds = min(widest - floor, excess / tied.count)
            if rounds > 0 {
                for index in tied { widths[index] -= rounds }
                excess -= rounds * tied.count
                continue
            }
            // Fewer cells than tied columns are left: the leftmost give up one each.
            for index in tied.prefix(excess) { widths[index] -= 1 }
            excess = 0
        }
        return widths
    }
}
