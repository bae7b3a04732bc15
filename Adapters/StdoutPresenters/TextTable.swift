/// Rows of text in columns whose widths fit their content, for terminal output.
///
/// Widths are terminal cells (see ``TerminalCellWidth``), so CJK text, emoji and combining
/// marks line up. Given a width, rows are fitted to it by cutting the widest column with "…".
struct TextTable: Sendable {
    /// One cell: its plain text and how to set it apart.
    struct Cell: Sendable, ExpressibleByStringLiteral {
        let text: String
        let emphasis: TerminalStyle.Emphasis?

        init(_ text: String, emphasis: TerminalStyle.Emphasis? = nil) {
            self.text = text
            self.emphasis = emphasis
        }

        init(stringLiteral value: String) {
            self.init(value)
        }
    }

    /// The column titles.
    let headers: [String]
    /// The rows, each with one cell per header.
    let rows: [[Cell]]

    /// Space between columns.
    static let gutter = "  "

    /// The table's lines, header first, without trailing spaces or newlines; each at most
    /// `width` cells when a width is given (and the columns can shrink that far), else uncut.
    func lines(style: TerminalStyle, width: Int? = nil) -> [String] {
        let all = [headers.map { Cell($0, emphasis: .bold) }] + rows
        let natural = headers.indices.map { column in
            all.map { $0.indices.contains(column) ? TerminalCellWidth.of($0[column].text) : 0 }.max() ?? 0
        }
        let widths = width.map { ColumnFitting.widths(natural, within: $0, gutter: Self.gutter.count) } ?? natural
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() where column < widths.count {
                if column > 0 { line += Self.gutter }
                let text = TerminalCellWidth.truncated(cell.text, toCells: widths[column])
                line += style.apply(cell.emphasis, to: text)
                if column < widths.count - 1 {
                    line += String(repeating: " ", count: max(0, widths[column] - TerminalCellWidth.of(text)))
                }
            }
            return line
        }
    }
}
