import AppScreens
import Domain
import TerminalModel

/// Launches, pages, users and details for the screens' tests.
enum Fixture {
    static let size = TerminalSize(columns: 80, rows: 24)
    static let host = "rocket.invalid"

    static func id(_ number: Int) -> LaunchID { LaunchID(trusted: "\(number)") }

    static func launch(_ number: Int, mission: String? = nil, site: String? = "KSC LC 39A") -> Launch {
        Launch(id: id(number), site: site, mission: Mission(name: mission ?? "Mission \(number)", missionPatch: "https://patch.invalid/\(number).png"))
    }

    static func page(_ numbers: Range<Int>, hasMore: Bool) -> LaunchPage {
        LaunchPage(launches: numbers.map { launch($0) }, cursor: "c\(numbers.upperBound)", hasMore: hasMore)
    }

    static func details(_ number: Int, booked: Bool) -> LaunchDetails {
        LaunchDetails(launch: launch(number), rocket: Rocket(id: "falcon9", name: "Falcon 9", type: "FT"), isBooked: booked)
    }

    static func email(_ text: String = "ada@rocket.invalid") -> EmailAddress {
        try! EmailAddress(text)
    }

    static func user(_ email: EmailAddress = email(), trips: [Int]) -> User {
        User(email: email, trips: trips.map { Trip(launch: launch($0)) })
    }
}

/// A state driven by events as the app's driver would drive it, with the effects each step asked for.
struct Harness {
    var state: AppState
    let renderer = AppRenderer(colors: false)

    /// A state of `size` with launches 0..<`launches` (one page) already shown.
    init(size: TerminalSize = Fixture.size, user: EmailAddress? = nil, launches: Int = 0, hasMore: Bool = false) {
        state = AppState(host: Fixture.host, user: user, size: size)
        if launches > 0 {
            send(.launchesReplaced([Fixture.page(0..<launches, hasMore: hasMore)]))
        }
    }

    @discardableResult
    mutating func send(_ event: AppEvent) -> [AppEffect] {
        AppReducer.reduce(&state, event)
    }

    /// Presses the keys in order; the effects of all of them.
    @discardableResult
    mutating func press(_ keys: Key...) -> [AppEffect] {
        keys.flatMap { send(.terminal(.key($0))) }
    }

    /// Presses `key` `count` times; the effects of all of them.
    @discardableResult
    mutating func press(_ key: Key, times count: Int) -> [AppEffect] {
        (0..<count).flatMap { _ in send(.terminal(.key(key))) }
    }

    /// Types each character as a key press.
    @discardableResult
    mutating func type(_ text: String) -> [AppEffect] {
        text.flatMap { send(.terminal(.key(.character($0)))) }
    }

    var frame: Frame { renderer.frame(for: state) }
    var lines: [String] { frame.lines }
    /// The whole frame as one string, rows separated by newlines.
    var text: String { lines.joined(separator: "\n") }

    /// The row the selection pointer is on, if any.
    var pointerRow: Int? { lines.firstIndex { $0.hasPrefix("›") } }
}

extension String {
    /// Whether any scalar is a control character or a bidi override: what must never reach a terminal.
    var hasTerminalControls: Bool {
        unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }
}
