import Domain
import TerminalModel

extension AppRenderer {
    /// The help overlay's lines: every key, two to a line so that they fit 40 columns.
    public static let helpLines = [
        "↑↓ j k    move      PgUp PgDn page",
        "Home End g G   first / last",
        "Enter     details   b  book/cancel",
        "r   reload/retry    t  my trips",
        "l   log in          ?  this help",
        "Esc q     back      q  quits list",
        "Ctrl-C    quit from anywhere",
    ]

    /// The key help, boxed over the screen.
    func drawHelp(_ layout: AppLayout, into frame: inout Frame) {
        let lines = Self.helpLines
        let natural = (lines.map { TerminalCellWidth.of($0) }.max() ?? 0) + 4
        let width = min(natural, frame.width - 2)
        let height = min(lines.count + 2, layout.messageRow - 1)
        let left = (frame.width - width) / 2
        let inside = drawBox(title: "Keys", top: 1, left: left, width: width, height: height, into: &frame)
        for (offset, line) in lines.prefix(height - 2).enumerated() {
            frame.put(line, row: inside.row + offset, column: inside.column, maxWidth: inside.width)
        }
    }

    /// The login sheet, boxed over the screen: why it opened, the field, the refusal or progress, the keys.
    func drawLogin(_ sheet: LoginSheet, _ layout: AppLayout, into frame: inout Frame) {
        let width = min(60, frame.width - 2)
        let height = 7
        let left = (frame.width - width) / 2
        let top = max(1, (layout.messageRow - height) / 2)
        let inside = drawBox(title: "Log in", top: top, left: left, width: width, height: height, into: &frame)
        let reason = sheet.bookingAfterLogin.map { "Log in to book launch \($0.rawValue)." } ?? "Log in with your email address."
        frame.put(reason, row: inside.row, column: inside.column, maxWidth: inside.width)
        let label = "Email: "
        let labelWidth = frame.put(label, row: inside.row + 1, column: inside.column, style: palette.label, maxWidth: inside.width)
        drawField(sheet.field, row: inside.row + 1, column: inside.column + labelWidth, width: inside.width - labelWidth,
                  showsCursor: !sheet.isSubmitting, into: &frame)
        if sheet.isSubmitting {
            frame.put("Logging in…", row: inside.row + 3, column: inside.column, style: palette.dim, maxWidth: inside.width)
        } else if let error = sheet.error {
            frame.put(error, row: inside.row + 3, column: inside.column, style: palette.error, maxWidth: inside.width)
        }
        frame.put("Enter log in · Esc cancel", row: inside.row + 4, column: inside.column, style: palette.dim, maxWidth: inside.width)
    }

    /// The field's text in `width` cells, scrolled so the cursor (a reversed cell) is on screen.
    func drawField(_ field: LoginField, row: Int, column: Int, width: Int, showsCursor: Bool, into frame: inout Frame) {
        guard width > 0 else { return }
        frame.fill(row: row, column: column, count: width, style: palette.field)
        let characters = field.characters
        let cells = characters.map { max(1, min(2, TerminalCellWidth.of($0))) }
        // The first character shown: the start, unless the cursor would then fall off the right.
        var start = 0
        var used = cells[..<field.cursor].reduce(0, +) + 1
        while used > width, start < field.cursor {
            used -= cells[start]
            start += 1
        }
        var at = column
        var index = start
        while index < characters.count, at + cells[index] <= column + width {
            let style = showsCursor && index == field.cursor ? palette.cursor : palette.field
            at += frame.put(String(characters[index]), row: row, column: at, style: style, maxWidth: cells[index])
            index += 1
        }
        if showsCursor, field.cursor == characters.count, at < column + width {
            frame.put(" ", row: row, column: at, style: palette.cursor)
        }
    }
}
