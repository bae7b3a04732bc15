import Domain
import TerminalModel

extension AppRenderer {
    /// The columns' headers, for launches and trips alike (as the `launches` command's).
    static let headers = ["ID", "MISSION", "SITE"]
    /// Shown for a launch's missing mission or site.
    static let missing = "—"
    /// Cells between columns.
    static let gutter = 2
    /// Cells before the ID column: the selection pointer, the booked mark and a space.
    static let marginWidth = 3

    /// The launch list: one row per launch on screen, the loading or failure row after the last.
    func drawLaunches(_ state: AppState, _ layout: AppLayout, into frame: inout Frame) {
        let list = state.launches
        let position = list.launches.isEmpty ? nil : "\(list.position.selection + 1)/\(list.launches.count)\(list.hasMore ? "+" : "")"
        drawTitle("RocketReserver · Launches", position: position, state, layout, into: &frame)
        let top = list.position.top
        let end = min(list.launches.count, top + layout.listRows)
        let visible = list.launches[min(top, end)..<end]
        let widths = columnWidths(visible, width: frame.width)
        drawHeader(widths, layout, into: &frame)
        for (offset, launch) in zip(visible.indices, visible) {
            drawRow(launch, row: layout.bodyTop + offset - top, widths: widths, isSelected: offset == list.position.selection,
                    isBooked: state.bookedIDs.contains(launch.id), into: &frame)
        }
        let footerRow = layout.bodyTop + list.launches.count - top
        guard footerRow < layout.bodyTop + layout.listRows, footerRow >= layout.bodyTop else { return }
        let column = Self.marginWidth
        let room = frame.width - column - 1
        if list.request != nil {
            frame.put("Loading…", row: footerRow, column: column, style: palette.dim, maxWidth: room)
        } else if let failure = list.failure {
            frame.put("\(failure) Press r to try again.", row: footerRow, column: column, style: palette.error, maxWidth: room)
        } else if list.launches.isEmpty {
            frame.put("No launches.", row: footerRow, column: column, style: palette.dim, maxWidth: room)
        }
    }

    /// The trips screen: the booked launches, or why there are none.
    func drawTrips(_ state: AppState, _ layout: AppLayout, into frame: inout Frame) {
        let trips = state.trips
        let position = trips.isEmpty ? nil : "\(state.tripsPosition.selection + 1)/\(trips.count)"
        drawTitle("RocketReserver · My trips", position: position, state, layout, into: &frame)
        let room = frame.width - 2
        guard let user = state.user else {
            frame.put("You are not logged in. Press l to log in.", row: layout.bodyTop, column: 1, maxWidth: room)
            return
        }
        guard let account = state.account, account.email == user else {
            frame.put("Loading your trips…", row: layout.bodyTop, column: 1, style: palette.dim, maxWidth: room)
            return
        }
        guard !trips.isEmpty else {
            frame.put("\(account.email.rawValue) has no trips booked.", row: layout.bodyTop, column: 1, maxWidth: room)
            return
        }
        let top = state.tripsPosition.top
        let end = min(trips.count, top + layout.listRows)
        let visible = trips[min(top, end)..<end]
        let widths = columnWidths(visible.lazy.map(\.launch), width: frame.width)
        drawHeader(widths, layout, into: &frame)
        for (offset, trip) in zip(visible.indices, visible) {
            drawRow(trip.launch, row: layout.bodyTop + offset - top, widths: widths,
                    isSelected: offset == state.tripsPosition.selection, isBooked: true, into: &frame)
        }
    }

    /// The ID, MISSION and SITE widths for the rows on screen, shrunk to fit the frame.
    func columnWidths(_ launches: some Collection<Launch>, width: Int) -> [Int] {
        var natural = Self.headers.map { TerminalCellWidth.of($0) }
        // Measuring stops at the frame's width: a 10 MB name costs a row, not 10 MB.
        let limit = width
        func measure(_ text: String?) -> Int {
            guard let text, !text.isEmpty else { return TerminalCellWidth.of(Self.missing) }
            return TerminalCellWidth.of(text.prefix(limit))
        }
        for launch in launches {
            natural[0] = max(natural[0], measure(launch.id.rawValue))
            natural[1] = max(natural[1], measure(launch.mission?.name))
            natural[2] = max(natural[2], measure(launch.site))
        }
        return ColumnFitting.widths(natural, within: width - Self.marginWidth - 1, gutter: Self.gutter)
    }

    /// The header row over the columns.
    func drawHeader(_ widths: [Int], _ layout: AppLayout, into frame: inout Frame) {
        var column = Self.marginWidth
        for (header, width) in zip(Self.headers, widths) {
            frame.put(header, row: layout.headerRow, column: column, style: palette.header, maxWidth: width)
            column += width + Self.gutter
        }
    }

    /// One launch's row. The selected row has the pointer and its ID reversed (few cells change
    /// when the selection moves); a booked launch has the ✓ mark.
    func drawRow(_ launch: Launch, row: Int, widths: [Int], isSelected: Bool, isBooked: Bool, into frame: inout Frame) {
        if isSelected { frame.put("›", row: row, column: 0, style: palette.pointer) }
        if isBooked { frame.put("✓", row: row, column: 1, style: palette.booked) }
        var column = Self.marginWidth
        let values = [launch.id.rawValue, launch.mission?.name, launch.site]
        for (index, (value, width)) in zip(values, widths).enumerated() {
            if let value, !value.isEmpty {
                frame.put(value, row: row, column: column, style: index == 0 && isSelected ? palette.selected : .plain, maxWidth: width)
            } else {
                frame.put(Self.missing, row: row, column: column, style: palette.dim, maxWidth: width)
            }
            column += width + Self.gutter
        }
    }
}
