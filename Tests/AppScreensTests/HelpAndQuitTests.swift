import AppScreens
import Domain
import TerminalModel
import Testing

/// The key help overlay, quitting, and windows too small to draw in.
@Suite("Help, quitting and small windows", .timeLimit(.minutes(1)))
struct HelpAndQuitTests {
    @Test("? shows the key help; ?, Esc and q hide it; other keys wait", arguments: [Key.character("?"), .escape, .character("q")])
    func help(_ closing: Key) {
        var app = Harness(launches: 10)
        app.press(.character("?"))
        #expect(app.state.showsHelp)
        #expect(app.text.contains("Keys"))
        #expect(app.text.contains("Ctrl-C"))
        #expect(app.press(.character("j"), .enter, .character("l"), .character("t")) == [])
        #expect(app.state.launches.position.selection == 0)
        #expect(app.state.screen == .launches)
        #expect(app.state.showsHelp)
        #expect(app.press(closing) == [])
        #expect(!app.state.showsHelp)
        #expect(!app.text.contains("Ctrl-C"))
    }

    @Test("Every help line fits the smallest window")
    func helpFits() {
        var app = Harness(size: AppLayout.minimum, launches: 3)
        app.press(.character("?"))
        for line in AppRenderer.helpLines {
            #expect(app.text.contains(line))
        }
    }

    /// Brings the app to a screen or overlay.
    static func go(to place: String, _ app: inout Harness) {
        let details: [Key] = [.enter]
        switch place {
        case "details": app.press(details)
        case "trips": app.press([.character("t")])
        case "trip details":
            app.send(.userChanged(Fixture.user(trips: [4])))
            app.press([.character("t"), .enter])
        case "login sheet": app.press([.character("l")])
        case "login sheet from b":
            app.press(details)
            app.send(.detailsChanged(Fixture.id(0), Fixture.details(0, booked: false)))
            app.press([.character("b")])
            #expect(app.state.login != nil)
        case "help": app.press([.character("?")])
        case "help over details": app.press([.enter, .character("?")])
        default: break
        }
    }

    @Test("Ctrl-C quits from every screen and overlay",
          arguments: ["launches", "details", "trips", "trip details", "login sheet", "login sheet from b", "help", "help over details"])
    func controlC(_ place: String) {
        var app = Harness(launches: 10)
        Self.go(to: place, &app)
        #expect(app.press(.control("c")) == [.quit])
    }

    @Test("q quits only from the list")
    func qQuits() {
        var app = Harness(launches: 10)
        app.press(.enter)
        #expect(app.press(.character("q")) == [.closeDetails])
        #expect(app.press(.character("q")) == [.quit])
    }

    @Test("A window below 40×12 shows one line asking for more room",
          arguments: [TerminalSize(columns: 39, rows: 12), TerminalSize(columns: 40, rows: 11), TerminalSize(columns: 10, rows: 1)])
    func tooSmall(_ size: TerminalSize) {
        let app = Harness(size: size, launches: 10)
        let lines = app.lines
        #expect(lines[0].hasPrefix(String(AppLayout.tooSmallMessage.prefix(size.columns - 1))))
        #expect(lines.dropFirst().allSatisfy { $0.allSatisfy { $0 == " " } })
    }

    @Test("An empty window draws nothing")
    func emptyWindow() {
        let app = Harness(size: TerminalSize(columns: 0, rows: 0), launches: 3)
        #expect(app.frame.cells.isEmpty)
    }

    @Test("A too-small window takes no key but Ctrl-C; growing it shows the list again")
    func tooSmallKeys() {
        var app = Harness(size: TerminalSize(columns: 39, rows: 12), launches: 10)
        #expect(app.press(.character("j"), .enter, .character("q"), .character("l"), .character("?")) == [])
        #expect(app.state.launches.position.selection == 0)
        #expect(app.state.login == nil)
        #expect(app.press(.control("c")) == [.quit])
        app.send(.terminal(.resized(AppLayout.minimum)))
        #expect(app.lines[2].hasPrefix("›  0"))
    }

    @Test("A resize keeps the selection on screen")
    func resize() {
        var app = Harness(launches: 100)
        app.press(.character("j"), times: 19)
        app.send(.terminal(.resized(TerminalSize(columns: 40, rows: 12))))
        let row = app.pointerRow
        #expect(row != nil)
        #expect(app.lines[row ?? 0].contains("Mission 19"))
    }
}

extension Harness {
    @discardableResult
    mutating func press(_ keys: [Key]) -> [AppEffect] {
        keys.flatMap { send(.terminal(.key($0))) }
    }
}
