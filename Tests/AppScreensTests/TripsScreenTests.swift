import AppScreens
import Domain
import TerminalModel
import Testing

/// My trips: the user watcher's booked launches, kept current.
@Suite("Trips screen", .timeLimit(.minutes(1)))
struct TripsScreenTests {
    @Test("Logged out, the screen says so and that l logs in")
    func loggedOut() {
        var app = Harness(launches: 3)
        app.press(.character("t"))
        #expect(app.lines[2].contains("You are not logged in. Press l to log in."))
        #expect(app.press(.enter, .character("j")) == [])
    }

    @Test("Before the watcher yields, the trips are loading; then they show, booked")
    func trips() {
        var app = Harness(user: Fixture.email(), launches: 3)
        app.press(.character("t"))
        #expect(app.lines[2].contains("Loading your trips…"))
        app.send(.userChanged(Fixture.user(trips: [5, 9])))
        #expect(app.lines[0].contains("My trips"))
        #expect(app.lines[2].hasPrefix("›✓ 5"))
        #expect(app.lines[3].hasPrefix(" ✓ 9"))
    }

    @Test("No trips says so")
    func none() {
        var app = Harness(user: Fixture.email(), launches: 3)
        app.send(.userChanged(Fixture.user(trips: [])))
        app.press(.character("t"))
        #expect(app.lines[2].contains("ada@rocket.invalid has no trips booked."))
    }

    @Test("j and k move; Enter opens the trip's details; Esc comes back to the trips")
    func openDetails() {
        var app = Harness(user: Fixture.email(), launches: 3)
        app.send(.userChanged(Fixture.user(trips: [5, 9, 12])))
        app.press(.character("t"), .character("j"), .character("j"), .character("j"), .character("k"))
        #expect(app.state.tripsPosition.selection == 1)
        #expect(app.press(.enter) == [.showDetails(Fixture.id(9))])
        #expect(app.press(.escape) == [.closeDetails])
        #expect(app.state.screen == .trips)
        app.press(.end)
        #expect(app.state.tripsPosition.selection == 2)
        app.press(.home)
        #expect(app.state.tripsPosition.selection == 0)
    }

    @Test("The list follows the watcher: a cancelled trip leaves, the selection stays in range")
    func keptCurrent() {
        var app = Harness(user: Fixture.email(), launches: 3)
        app.send(.userChanged(Fixture.user(trips: [5, 9, 12])))
        app.press(.character("t"), .end)
        app.send(.userChanged(Fixture.user(trips: [5])))
        #expect(app.state.tripsPosition.selection == 0)
        #expect(app.lines[2].hasPrefix("›✓ 5"))
        #expect(!app.text.contains("Mission 12"))
    }

    @Test("Esc and q go back to the list, asking for nothing", arguments: [Key.escape, .character("q")])
    func back(_ key: Key) {
        var app = Harness(launches: 3)
        app.press(.character("t"))
        #expect(app.press(key) == [])
        #expect(app.state.screen == .launches)
    }

    @Test("The user's trips mark their launches in the list; logging out clears the marks")
    func marks() {
        var app = Harness(user: Fixture.email(), launches: 5)
        app.send(.userChanged(Fixture.user(trips: [1, 3])))
        #expect(app.lines[3].hasPrefix(" ✓ 1"))
        #expect(app.lines[4].hasPrefix("   2"))
        #expect(app.lines[5].hasPrefix(" ✓ 3"))
        app.send(.signedIn(nil))
        #expect(!app.text.contains("✓"))
        #expect(app.lines[23].contains("not logged in"))
    }
}
