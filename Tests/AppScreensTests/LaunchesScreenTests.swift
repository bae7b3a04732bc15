import AppScreens
import Domain
import TerminalModel
import Testing

/// The launch list's keys: moving, scrolling, opening details and trips, quitting.
@Suite("Launches screen", .timeLimit(.minutes(1)))
struct LaunchesScreenTests {
    @Test("j, k, ↓ and ↑ move one row, and stop at both ends")
    func moveByRow() {
        var app = Harness(launches: 10)
        #expect(app.press(.character("j"), .down) == [])
        #expect(app.state.launches.position.selection == 2)
        app.press(.character("k"))
        #expect(app.state.launches.position.selection == 1)
        app.press(.up, .up, .up)
        #expect(app.state.launches.position.selection == 0)
        app.press(.character("j"), times: 20)
        #expect(app.state.launches.position.selection == 9)
    }

    @Test("PgDn and PgUp move a screenful; Home, End, g and G go to the ends")
    func moveByPage() {
        var app = Harness(launches: 100)
        let rows = app.state.layout.listRows
        app.press(.pageDown)
        #expect(app.state.launches.position.selection == rows)
        app.press(.pageDown, .pageUp)
        #expect(app.state.launches.position.selection == rows)
        app.press(.end)
        #expect(app.state.launches.position.selection == 99)
        app.press(.home)
        #expect(app.state.launches.position.selection == 0)
        app.press(.character("G"))
        #expect(app.state.launches.position.selection == 99)
        app.press(.character("g"))
        #expect(app.state.launches.position.selection == 0)
    }

    @Test("Leaving the window moves it by half a screen, so the next moves redraw only two rows")
    func scrolling() {
        var app = Harness(launches: 100)
        let rows = app.state.layout.listRows
        app.press(.character("j"), times: rows)
        let half = (rows - 1) / 2
        #expect(app.state.launches.position.top == 1 + half)
        #expect(app.pointerRow == 2 + rows - 1 - half)
        #expect(app.lines[2 + rows - 1 - half].contains("Mission \(rows)"))
        // Moving inside the window does not scroll, either way.
        app.press(.character("k"))
        #expect(app.state.launches.position.top == 1 + half)
        app.press(.character("j"), times: 2)
        #expect(app.state.launches.position.top == 1 + half)
        app.press(.end)
        #expect(app.lines[2 + rows - 1].contains("Mission 99"))
        #expect(app.pointerRow == 2 + rows - 1)
    }

    @Test("Enter opens the selected launch's details and asks the driver to show them")
    func enterOpensDetails() {
        var app = Harness(launches: 10)
        app.press(.character("j"), .character("j"))
        #expect(app.press(.enter) == [.showDetails(Fixture.id(2))])
        #expect(app.state.screen == .details(Fixture.id(2)))
        #expect(app.state.details?.preview == Fixture.launch(2))
    }

    @Test("Enter on an empty list does nothing")
    func enterOnEmptyList() {
        var app = Harness()
        app.send(.launchesReplaced([LaunchPage(launches: [], cursor: "end", hasMore: false)]))
        #expect(app.press(.enter, .character("j"), .end) == [])
        #expect(app.state.screen == .launches)
        #expect(app.text.contains("No launches."))
    }

    @Test("t opens my trips, q quits, Esc and other keys do nothing")
    func otherKeys() {
        var app = Harness(launches: 10)
        #expect(app.press(.escape, .tab, .backTab, .function(1), .unknown, .character("x"), .insert, .paste("jjj")) == [])
        #expect(app.state.screen == .launches)
        #expect(app.state.launches.position.selection == 0)
        #expect(app.press(.character("t")) == [])
        #expect(app.state.screen == .trips)
        app.press(.escape)
        #expect(app.press(.character("q")) == [.quit])
    }

    @Test("Rows show the ID, mission and site, under headers")
    func rows() {
        let app = Harness(launches: 3)
        #expect(app.lines[1].contains("ID"))
        #expect(app.lines[1].contains("MISSION"))
        #expect(app.lines[1].contains("SITE"))
        #expect(app.lines[2].hasPrefix("›  0   Mission 0  KSC LC 39A"))
        #expect(app.lines[3].hasPrefix("   1   Mission 1  KSC LC 39A"))
        #expect(app.lines[0].contains("1/3"))
    }

    @Test("A launch without mission or site shows a dash")
    func missingValues() {
        var app = Harness()
        app.send(.launchesReplaced([LaunchPage(launches: [Launch(id: Fixture.id(7), site: nil, mission: nil)], cursor: "c", hasMore: false)]))
        #expect(app.lines[2].hasPrefix("›  7   —        —"))
    }
}
