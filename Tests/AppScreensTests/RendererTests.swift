import AppScreens
import Domain
import TerminalModel
import Testing

/// What the renderer draws: sizes, colours, hostile server text and wide characters.
@Suite("Renderer", .timeLimit(.minutes(1)))
struct RendererTests {
    static let hostile = [
        "\u{1B}]0;pwned\u{07}title",
        "\u{1B}[2Jclear",
        "\u{202E}reversed\u{202C}",
        "\u{9B}31mcsi",
        "line\nbreak\r",
        "\u{2067}isolate\u{2069}",
    ]

    /// An app whose every server-provided text is `text`, showing the screen `place`.
    static func hostileApp(_ text: String, place: String) -> Harness {
        var app = Harness(size: TerminalSize(columns: 60, rows: 16), user: Fixture.email())
        let launch = Launch(id: LaunchID(trusted: text), site: text, mission: Mission(name: text, missionPatch: text))
        app.send(.launchesReplaced([LaunchPage(launches: [launch], cursor: "c", hasMore: false)]))
        app.send(.userChanged(User(email: Fixture.email(), trips: [Trip(launch: launch)])))
        app.send(.banner(text))
        switch place {
        case "details":
            app.press(.enter)
            app.send(.detailsChanged(launch.id, LaunchDetails(launch: launch, rocket: Rocket(id: text, name: text, type: text), isBooked: true)))
            app.send(.detailsFailed(launch.id, message: text))
            app.press(.character("b"))
            app.send(.bookingFailed(launch.id, message: text))
        case "trips":
            app.press(.character("t"))
        case "login":
            app.press(.character("l"), .paste(text))
            app.press(.enter)
            app.send(.loginFailed(message: text))
        default:
            app.send(.pageFailed(after: "c", message: text))
        }
        return app
    }

    @Test("Server text never reaches the frame with its escape sequences or bidi controls",
          arguments: hostile, ["launches", "details", "trips", "login"])
    func hostileText(_ text: String, place: String) {
        let app = Self.hostileApp(text, place: place)
        let frame = app.frame
        for line in frame.lines {
            #expect(!line.hasTerminalControls)
            #expect(!line.contains("\u{1B}"))
        }
        // The visible part of the text is still there.
        #expect(app.text.contains("\u{FFFD}"))
    }

    @Test("The host is drawn as safely as server text")
    func hostileHost() {
        let state = AppState(host: "\u{1B}[2Jevil.invalid", user: nil, size: Fixture.size)
        let frame = AppRenderer(colors: true).frame(for: state)
        #expect(!frame.lines.joined().hasTerminalControls)
    }

    @Test("Wide and combining characters fit their columns: every row is exactly the window's width")
    func wideCharacters() {
        var app = Harness(size: AppLayout.minimum)
        let launches = [
            Launch(id: Fixture.id(1), site: "種子島宇宙センター大型ロケット発射場", mission: Mission(name: "東京タワー東京タワー東京タワー", missionPatch: nil)),
            Launch(id: Fixture.id(2), site: "Ba\u{301}ikonur", mission: Mission(name: "👩‍🚀🚀🌕 to the moon", missionPatch: nil)),
        ]
        app.send(.launchesReplaced([LaunchPage(launches: launches, cursor: "c", hasMore: false)]))
        let frame = app.frame
        for row in 0..<frame.height {
            var cells = 0
            for column in 0..<frame.width {
                if let character = frame[row, column].character {
                    cells += TerminalCellWidth.of(character)
                } else {
                    // A continuation cell always follows a wide character.
                    #expect(column > 0 && frame[row, column - 1].character.map { TerminalCellWidth.of($0) } == 2)
                }
            }
            #expect(cells == frame.width)
        }
        #expect(app.lines[2].contains("東"))
        #expect(app.lines[2].contains("…"))
    }

    @Test("At 40×12 every screen has its parts")
    func smallestWindow() {
        var app = Harness(size: AppLayout.minimum, user: Fixture.email(), launches: 30)
        #expect(app.lines[1].contains("ID"))
        #expect(app.lines[2].hasPrefix("›  0"))
        #expect(app.lines[11].hasPrefix(" rocket.inva… · ada@"))
        app.press(.enter)
        app.send(.detailsChanged(Fixture.id(0), Fixture.details(0, booked: false)))
        app.press(.character("b"))
        for label in ["Mission:", "Launch ID:", "Site:", "Rocket:", "Patch URL:", "Booked:", "[ Book now! ]", "Booking…"] {
            #expect(app.text.contains(label), "\(label)")
        }
        app.press(.character("l"))
        #expect(app.text.contains("Email:"))
        #expect(app.text.contains("Enter log in · Esc cancel"))
    }

    @Test("Without colour no cell has a foreground colour; with it, some do")
    func colours() {
        var app = Harness(launches: 5)
        app.send(.connectivity(online: false, asOf: .now))
        app.send(.userChanged(Fixture.user(trips: [1])))
        let plain = AppRenderer(colors: false).frame(for: app.state)
        #expect(plain.cells.allSatisfy { $0.style.foreground == nil })
        #expect(plain.cells.contains { $0.style.attributes.contains(.reverse) })
        let coloured = AppRenderer(colors: true).frame(for: app.state)
        #expect(coloured.cells.contains { $0.style.foreground == .green })
        #expect(coloured.cells.contains { $0.style.foreground == .red })
        #expect(plain.lines == coloured.lines)
    }

    @Test("The selected row's pointer and reversed ID mark it")
    func selection() {
        var app = Harness(launches: 5)
        app.press(.character("j"))
        let frame = app.frame
        #expect(frame[3, 0].character == "›")
        #expect(frame[3, 3].style.attributes.contains(.reverse))
        #expect(frame[2, 0].character == " ")
        #expect(!frame[2, 3].style.attributes.contains(.reverse))
    }
}
