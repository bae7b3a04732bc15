import Domain
import TerminalModel

/// Draws an ``AppState`` into a frame of its size: the screen shown, the title, message and
/// status lines, and the help overlay or login sheet on top.
///
/// Every text goes through `Frame.put`, which measures it and drops control characters, so
/// server text cannot move the cursor or change the terminal. Only the rows on screen are
/// drawn: a frame costs the window, not the number of launches.
public struct AppRenderer: Sendable {
    let palette: Palette

    /// Draws with ANSI colours when `colors`; bold, dim, underline and reverse either way.
    public init(colors: Bool) {
        palette = Palette(colors: colors)
    }

    /// The frame for `state`, `state.size` in size: a one-line request below ``AppLayout/minimum``.
    public func frame(for state: AppState) -> Frame {
        var frame = Frame(width: state.size.columns, height: state.size.rows)
        let layout = state.layout
        guard !layout.isTooSmall else {
            frame.put(AppLayout.tooSmallMessage, row: 0, column: 0)
            return frame
        }
        switch state.screen {
        case .launches: drawLaunches(state, layout, into: &frame)
        case .trips: drawTrips(state, layout, into: &frame)
        case .details: drawDetails(state, layout, into: &frame)
        }
        drawMessage(state, layout, into: &frame)
        drawStatus(state, layout, into: &frame)
        if state.showsHelp { drawHelp(layout, into: &frame) }
        if let sheet = state.login { drawLogin(sheet, layout, into: &frame) }
        return frame
    }

    /// Row 0: the banner while one is up, else the screen's title; `position` at the right.
    func drawTitle(_ title: String, position: String?, _ state: AppState, _ layout: AppLayout, into frame: inout Frame) {
        let positionWidth = position.map { TerminalCellWidth.of($0) + 1 } ?? 0
        let room = max(0, frame.width - positionWidth - 1)
        if let banner = state.banner {
            frame.put(banner.text, row: layout.titleRow, column: 1, style: palette.banner, maxWidth: room)
        } else {
            frame.put(title, row: layout.titleRow, column: 1, style: palette.title, maxWidth: room)
        }
        if let position {
            frame.put(position, row: layout.titleRow, column: frame.width - positionWidth, style: palette.dim)
        }
    }

    /// The message line: the last error or news, until the next key.
    func drawMessage(_ state: AppState, _ layout: AppLayout, into frame: inout Frame) {
        guard let message = state.message else { return }
        frame.put(message.text, row: layout.messageRow, column: 1, style: message.isError ? palette.error : palette.info, maxWidth: frame.width - 2)
    }

    /// The status line: offline · host · who is logged in, and the help key at the right. When
    /// they do not fit, the host is cut first (to no less than ``minimumHostWidth`` cells).
    func drawStatus(_ state: AppState, _ layout: AppLayout, into frame: inout Frame) {
        let row = layout.statusRow
        frame.fill(row: row, style: palette.status)
        let help = "? help "
        let helpWidth = TerminalCellWidth.of(help)
        frame.put(help, row: row, column: frame.width - helpWidth, style: palette.status)
        let end = frame.width - helpWidth - 1
        var column = 1
        if !state.isOnline {
            column += frame.put("offline", row: row, column: column, style: palette.offline, maxWidth: max(0, end - column))
            column += frame.put(" · ", row: row, column: column, style: palette.status, maxWidth: max(0, end - column))
        }
        let who = " · " + (state.user.map(\.rawValue) ?? "not logged in")
        let room = max(0, end - column)
        let hostWidth = TerminalCellWidth.of(state.host.prefix(room + 1))
        let whoWidth = TerminalCellWidth.of(who.prefix(room + 1))
        let hostRoom = min(room, max(min(hostWidth, Self.minimumHostWidth), room - whoWidth))
        column += frame.put(state.host, row: row, column: column, style: palette.status, maxWidth: hostRoom)
        frame.put(who, row: row, column: column, style: palette.status, maxWidth: max(0, end - column))
    }

    /// The fewest cells the host is cut to on the status line, to leave room for the user.
    static let minimumHostWidth = 12

    /// Draws a bordered box with `title` and clears its inside; returns the inside's first row,
    /// first column and width.
    func drawBox(title: String, top: Int, left: Int, width: Int, height: Int, into frame: inout Frame) -> (row: Int, column: Int, width: Int) {
        let inner = max(0, width - 2)
        let horizontal = String(repeating: "─", count: inner)
        frame.put("┌" + horizontal + "┐", row: top, column: left, style: palette.border, maxWidth: width)
        for row in (top + 1)..<(top + height - 1) {
            frame.put("│", row: row, column: left, style: palette.border)
            frame.fill(row: row, column: left + 1, count: inner)
            frame.put("│", row: row, column: left + width - 1, style: palette.border)
        }
        frame.put("└" + horizontal + "┘", row: top + height - 1, column: left, style: palette.border, maxWidth: width)
        frame.put(" \(title) ", row: top, column: left + 2, style: palette.title, maxWidth: max(0, inner - 2))
        return (top + 1, left + 2, max(0, width - 4))
    }
}
