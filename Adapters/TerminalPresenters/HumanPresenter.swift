import Domain
import Ports
import Presentation

/// Shows results as human-readable text: tables, labelled blocks and sentences.
///
/// Colour is used only when `colorEnabled`; without it the output has no escape sequences.
/// Text from the server is sanitised so it cannot inject escape sequences or break the layout.
public struct HumanPresenter: ResultPresenter {
    let output: any TextOutput
    let style: TerminalStyle
    /// The cells a table row may take (the terminal's width), or `nil` to never cut text.
    let width: Int?
    /// Where hints such as the next page's command go, or `nil` for `output`.
    let hints: (any TextOutput)?
    /// The front end's words for the command that shows the next page of launches.
    let nextPageCommand: NextPageCommand
    /// Where `launches --all` reports the pages fetched so far, when standard error is a terminal.
    let progress: ProgressLine?

    /// Writes to `output`, with ANSI colour when `colorEnabled` (the CLI decides from
    /// `isatty` and `NO_COLOR`). A page that has more ends with a hint: the words
    /// `nextPageCommand` gives for the page's cursor and size, quoted for a shell. Table rows
    /// are cut to `width` cells when one is given (the terminal's); hints go to `hints` when
    /// given (standard error when output is piped); a list that arrives in pages reports them
    /// on `progress` when given.
    public init(
        output: any TextOutput, colorEnabled: Bool, nextPageCommand: @escaping NextPageCommand, width: Int? = nil, hints: (any TextOutput)? = nil,
        progress: ProgressLine? = nil
    ) {
        self.nextPageCommand = nextPageCommand
        self.output = output
        self.style = TerminalStyle(colorEnabled: colorEnabled)
        self.width = width
        self.hints = hints
        self.progress = progress
    }

    public func present(_ page: LaunchPage) {
        present(page, pageSize: nil)
    }

    public func present(_ page: LaunchPage, pageSize: Int?) {
        write(page.launches.isEmpty ? ["No launches found."] : launchTable(page.launches))
        if page.hasMore {
            presentHint("More launches: ", command: nextPageLine(cursor: page.cursor, pageSize: pageSize))
        }
    }

    public func present(_ details: LaunchDetails) {
        let launch = details.launch
        let fields: [(String, String?)] = [
            ("Mission", launch.mission?.name),
            ("Launch ID", launch.id.rawValue),
            ("Site", launch.site),
            ("Rocket", rocketDescription(details.rocket)),
            ("Patch URL", launch.mission?.missionPatch),
        ]
        let booked = details.isBooked ? style.apply(.green, to: "yes") : "no"
        let labelWidth = (fields.map(\.0) + ["Booked"]).map(\.count).max() ?? 0
        func line(_ label: String, _ value: String) -> String {
            let padding = String(repeating: " ", count: labelWidth - label.count)
            return style.apply(.bold, to: "\(label):") + padding + "  " + value
        }
        var lines = fields.map { label, value in
            line(label, value.map { DisplayText.sanitized($0) } ?? style.apply(.dim, to: DisplayText.unknown))
        }
        lines.append(line("Booked", booked))
        write(lines)
    }

    public func present(_ update: TripUpdate, for action: TripAction) {
        let subject = update.launch.map { launchSubject($0.launch) } ?? "launch \(DisplayText.sanitized(update.launchID.rawValue))"
        let headline: String = switch (action, update.success) {
        case (.book, true): style.apply(.green, to: "Booked") + " \(subject)"
        case (.cancel, true): style.apply(.green, to: "Cancelled") + " the trip on \(subject)"
        case (.book, false): style.apply(.red, to: "Could not book") + " \(subject)"
        case (.cancel, false): style.apply(.red, to: "Could not cancel") + " the trip on \(subject)"
        }
        var lines = [headline + Self.messageSuffix(update.message)]
        if let details = update.launch {
            let id = DisplayText.sanitized(details.launch.id.rawValue)
            lines.append(details.isBooked ? "Launch \(id) is now booked." : "Launch \(id) is not booked.")
        }
        write(lines)
    }

    public func presentLogin(_ email: EmailAddress) {
        presentLogin(email, replacing: nil)
    }

    /// `Logged in as b@example.com (replacing a@example.com).`
    public func presentLogin(_ email: EmailAddress, replacing previous: EmailAddress?) {
        let replacing = previous.map { " (replacing \(DisplayText.sanitized($0.rawValue)))" } ?? ""
        write(["Logged in as \(DisplayText.sanitized(email.rawValue))\(replacing)."])
    }

    public func presentLogout(_ email: EmailAddress?) {
        write([email == nil ? "Nobody was logged in." : "Logged out."])
    }

    public func present(_ user: User) {
        let email = DisplayText.sanitized(user.email.rawValue)
        guard !user.trips.isEmpty else {
            write(["\(email) has no trips booked."])
            return
        }
        write(["Trips for \(email):"] + launchTable(user.trips.map(\.launch)))
    }

    // MARK: Pieces

    private func launchTable(_ launches: [Launch]) -> [String] {
        launchTableModel(launches).lines(style: style, width: width)
    }

    /// The launches as a table of ID, MISSION and SITE, sanitised.
    func launchTableModel(_ launches: [Launch]) -> TextTable {
        let rows: [[TextTable.Cell]] = launches.map { launch in
            [TextTable.Cell(DisplayText.sanitized(launch.id.rawValue)), cell(launch.mission?.name), cell(launch.site)]
        }
        return TextTable(headers: ["ID", "MISSION", "SITE"], rows: rows)
    }

    private func cell(_ value: String?) -> TextTable.Cell {
        guard let value, !value.isEmpty else { return TextTable.Cell(DisplayText.missing, emphasis: .dim) }
        return TextTable.Cell(DisplayText.sanitized(value))
    }

    /// `launch 25 (Starlink 7)`, or `launch 25` when the mission has no name.
    private func launchSubject(_ launch: Launch) -> String {
        let id = DisplayText.sanitized(launch.id.rawValue)
        guard let name = launch.mission?.name, !name.isEmpty else { return "launch \(id)" }
        return "launch \(id) (\(DisplayText.sanitized(name)))"
    }

    /// `Falcon 9 (FT)`, `Falcon 9`, `unknown (FT)` or `nil` when nothing is known.
    private func rocketDescription(_ rocket: Rocket?) -> String? {
        switch (rocket?.name, rocket?.type) {
        case let (name?, type?): "\(name) (\(type))"
        case let (name?, nil): name
        case let (nil, type?): "\(DisplayText.unknown) (\(type))"
        case (nil, nil): nil
        }
    }

    /// `: <message>.` with a full stop added unless the message ends a sentence; `.` without one.
    private static func messageSuffix(_ message: String?) -> String {
        let trimmed = message.map { DisplayText.sanitized($0).trimmingWhitespace() } ?? ""
        guard let last = trimmed.last else { return "." }
        return ": " + trimmed + (".!?".contains(last) ? "" : ".")
    }

    func write(_ lines: [String]) {
        output.write(lines.map { $0 + "\n" }.joined())
    }
}

private extension String {
    /// The text without leading and trailing spaces and newlines.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
