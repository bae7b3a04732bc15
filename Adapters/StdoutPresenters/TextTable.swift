/// Rows of text in columns whose widths fit their content, for terminal output.
///
/// Widths count Characters (grapheme clusters), so accented and other non-ASCII text lines
/// up; double-width scripts may still be off by a column.
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

    /// The table's lines, header first, without trailing spaces or newlines.
    func lines(style: TerminalStyle) -> [String] {
        let all = [headers.map { Cell($0, emphasis: .bold) }] + rows
        let widths = headers.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].text.count : 0 }.max() ?? 0
        }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() where column < widths.count {
                if column > 0 { line += Self.gutter }
                line += style.apply(cell.emphasis, to: cell.text)
                if column < widths.count - 1 {
                    line += String(repeating: " ", count: widths[column] - cell.text.count)
                }
            }
            return line
        }
    }
}
