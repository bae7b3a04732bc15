import AppScreens
import Domain
import TerminalModel
import Testing

/// The details screen: its fields as the `details` command labels them, reload, and going back.
@Suite("Details screen", .timeLimit(.minutes(1)))
struct DetailsScreenTests {
    /// A logged-in app showing launch 3's details, not booked.
    static func showingDetails(booked: Bool = false, user: EmailAddress? = Fixture.email()) -> Harness {
        var app = Harness(user: user, launches: 10)
        app.press(.character("j"), times: 3)
        app.press(.enter)
        app.send(.detailsChanged(Fixture.id(3), Fixture.details(3, booked: booked)))
        return app
    }

    @Test("While the details load, the list row's fields show under Loading…")
    func loading() {
        var app = Harness(launches: 10)
        app.press(.character("j"), .enter)
        #expect(app.lines[1].contains("Loading…"))
        #expect(app.text.contains("Mission:    Mission 1"))
        #expect(app.text.contains("Launch ID:  1"))
        #expect(!app.text.contains("Book now!"))
    }

    @Test("The fields carry the details command's labels, and the button follows the booking")
    func fields() {
        let app = Self.showingDetails()
        let lines = app.lines
        #expect(lines[0].contains("Launch 3"))
        #expect(lines[2].hasPrefix(" Mission:    Mission 3"))
        #expect(lines[3].hasPrefix(" Launch ID:  3"))
        #expect(lines[4].hasPrefix(" Site:       KSC LC 39A"))
        #expect(lines[5].hasPrefix(" Rocket:     Falcon 9 (FT)"))
        #expect(lines[6].hasPrefix(" Patch URL:  https://patch.invalid/3.png"))
        #expect(lines[7].hasPrefix(" Booked:     no"))
        #expect(lines[9].hasPrefix(" [ Book now! ]"))
        let booked = Self.showingDetails(booked: true)
        #expect(booked.lines[7].hasPrefix(" Booked:     yes"))
        #expect(booked.lines[9].hasPrefix(" [ Cancel trip ]"))
    }

    @Test("A field the server left out reads unknown")
    func unknownFields() {
        var app = Self.showingDetails()
        let bare = LaunchDetails(launch: Launch(id: Fixture.id(3), site: nil, mission: nil), rocket: Rocket(id: "x", name: nil, type: "FT"), isBooked: false)
        app.send(.detailsChanged(Fixture.id(3), bare))
        #expect(app.lines[2].hasPrefix(" Mission:    unknown"))
        #expect(app.lines[5].hasPrefix(" Rocket:     unknown (FT)"))
    }

    @Test("The watcher's new details replace the shown ones; another launch's do not")
    func watcherYields() {
        var app = Self.showingDetails()
        app.send(.detailsChanged(Fixture.id(4), Fixture.details(4, booked: true)))
        #expect(app.state.details?.details == Fixture.details(3, booked: false))
        // But the list's mark follows it.
        #expect(app.state.bookedIDs.contains(Fixture.id(4)))
        app.send(.detailsChanged(Fixture.id(3), Fixture.details(3, booked: true)))
        #expect(app.lines[7].hasPrefix(" Booked:     yes"))
        #expect(app.state.bookedIDs.contains(Fixture.id(3)))
        app.send(.detailsChanged(Fixture.id(3), Fixture.details(3, booked: false)))
        #expect(!app.state.bookedIDs.contains(Fixture.id(3)))
    }

    @Test("No details for the launch says there is no such launch")
    func missing() {
        var app = Harness(launches: 10)
        app.press(.enter)
        app.send(.detailsChanged(Fixture.id(0), nil))
        #expect(app.lines[1].contains("There is no launch 0."))
    }

    @Test("r reloads from the server; a failure shows its sentence and keeps the fields")
    func reload() {
        var app = Self.showingDetails()
        #expect(app.press(.character("r")) == [.reloadDetails(Fixture.id(3))])
        #expect(app.lines[1].contains("Reloading…"))
        app.send(.detailsFailed(Fixture.id(3), message: "The server could not be reached."))
        #expect(app.lines[1].contains("The server could not be reached."))
        #expect(app.lines[2].hasPrefix(" Mission:    Mission 3"))
        // Another launch's failure is not this screen's.
        app.send(.detailsFailed(Fixture.id(4), message: "Other."))
        #expect(!app.text.contains("Other."))
    }

    @Test("Esc and q go back to the list and stop watching", arguments: [Key.escape, .character("q")])
    func back(_ key: Key) {
        var app = Self.showingDetails()
        #expect(app.press(key) == [.closeDetails])
        #expect(app.state.screen == .launches)
        #expect(app.state.details == nil)
        #expect(app.state.launches.position.selection == 3)
    }

    @Test("t goes to my trips and stops watching; Esc there goes to the list")
    func trips() {
        var app = Self.showingDetails()
        #expect(app.press(.character("t")) == [.closeDetails])
        #expect(app.state.screen == .trips)
        app.press(.escape)
        #expect(app.state.screen == .launches)
    }

    @Test("Keys without a meaning here do nothing", arguments: [Key.enter, .character("j"), .down, .pageDown, .character("x"), .tab, .unknown])
    func otherKeys(_ key: Key) {
        var app = Self.showingDetails()
        let before = app.state
        #expect(app.press(key) == [])
        #expect(app.state == before)
    }
}
