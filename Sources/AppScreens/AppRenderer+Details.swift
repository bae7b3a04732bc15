import Domain
import TerminalModel

extension AppRenderer {
    /// The field labels, as the `details` command prints them.
    static let detailLabels = ["Mission", "Launch ID", "Site", "Rocket", "Patch URL", "Booked"]
    /// Shown for a field the server did not give.
    static let unknown = "unknown"

    /// The details screen: its load state, the fields, and the button with its pending request.
    func drawDetails(_ state: AppState, _ layout: AppLayout, into frame: inout Frame) {
        guard let shown = state.details else { return }
        drawTitle("RocketReserver · Launch \(shown.id.rawValue)", position: nil, state, layout, into: &frame)
        let room = frame.width - 2
        let statusRow = layout.headerRow
        if let failure = shown.failure {
            frame.put(failure, row: statusRow, column: 1, style: palette.error, maxWidth: room)
        } else if shown.isLoading {
            frame.put(shown.details == nil ? "Loading…" : "Reloading…", row: statusRow, column: 1, style: palette.dim, maxWidth: room)
        } else if shown.isMissing {
            frame.put("There is no launch \(shown.id.rawValue).", row: statusRow, column: 1, style: palette.error, maxWidth: room)
        }
        let fields = Self.fields(shown)
        let labelWidth = Self.detailLabels.map { TerminalCellWidth.of($0) }.max() ?? 0
        let valueColumn = 1 + labelWidth + 1 + 2
        for (offset, (label, value)) in fields.enumerated() {
            let row = layout.bodyTop + offset
            frame.put("\(label):", row: row, column: 1, style: palette.label)
            if let value {
                let style = label == "Booked" && value == "yes" ? palette.booked : TextStyle.plain
                frame.put(value, row: row, column: valueColumn, style: style, maxWidth: frame.width - valueColumn - 1)
            } else {
                frame.put(Self.unknown, row: row, column: valueColumn, style: palette.dim)
            }
        }
        guard let details = shown.details else { return }
        let buttonRow = layout.bodyTop + fields.count + 1
        guard buttonRow < layout.messageRow else { return }
        let label = details.isBooked ? "Cancel trip" : "Book now!"
        var column = 1 + frame.put("[ \(label) ]", row: buttonRow, column: 1, style: palette.button)
        column += frame.put("  b", row: buttonRow, column: column, style: palette.dim)
        if let pending = state.pendingBookings[shown.id] {
            frame.put(pending == .book ? "Booking…" : "Cancelling…", row: buttonRow, column: column + 2, style: palette.dim,
                      maxWidth: max(0, frame.width - column - 3))
        }
    }

    /// The label and value of each field; while the details load, what the list's row knew.
    static func fields(_ shown: DetailsState) -> [(String, String?)] {
        guard let details = shown.details else {
            let launch = shown.preview
            return [("Mission", launch?.mission?.name), ("Launch ID", shown.id.rawValue), ("Site", launch?.site)]
        }
        let launch = details.launch
        return [
            ("Mission", launch.mission?.name),
            ("Launch ID", launch.id.rawValue),
            ("Site", launch.site),
            ("Rocket", rocketDescription(details.rocket)),
            ("Patch URL", launch.mission?.missionPatch),
            ("Booked", details.isBooked ? "yes" : "no"),
        ]
    }

    /// `Falcon 9 (FT)`, `Falcon 9`, `unknown (FT)` or `nil`, as the `details` command words it.
    static func rocketDescription(_ rocket: Rocket?) -> String? {
        switch (rocket?.name, rocket?.type) {
        case let (name?, type?): "\(name) (\(type))"
        case let (name?, nil): name
        case let (nil, type?): "\(unknown) (\(type))"
        case (nil, nil): nil
        }
    }
}
