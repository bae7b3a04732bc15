import TerminalModel
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
        let natural = naturalWidths()
        let widths = width.map { ColumnFitting.widths(natural, within: $0, gutter: Self.gutter.count) } ?? natural
        return all.map { Self.line($0, widths: widths, style: style, cut: true) }
    }

    /// The header's and the rows' natural widths in cells (the widest text of each column).
    func naturalWidths() -> [Int] {
        let all = [headers.map { Cell($0) }] + rows
        return headers.indices.map { column in
            all.map { $0.indices.contains(column) ? TerminalCellWidth.of($0[column].text) : 0 }.max() ?? 0
        }
    }

    /// One row laid out in columns of `widths` cells: a longer text is cut with "…" when `cut`,
    /// else shown whole (pushing the rest of its row right). No trailing spaces.
    static func line(_ row: [Cell], widths: [Int], style: TerminalStyle, cut: Bool) -> String {
        var line = ""
        for (column, cell) in row.enumerated() where column < widths.count {
            if column > 0 { line += gutter }
            let text = cut ? TerminalCellWidth.truncated(cell.text, toCells: widths[column]) : cell.text
            line += style.apply(cell.emphasis, to: text)
            if column < widths.count - 1 {
                line += String(repeating: " ", count: max(0, widths[column] - TerminalCellWidth.of(text)))
            }
        }
        return line
    }
}
