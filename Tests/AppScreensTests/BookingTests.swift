import AppScreens
import Domain
import TerminalModel
import Testing

/// `b` books or cancels at once; the launch is pending until the driver answers.
@Suite("Booking", .timeLimit(.minutes(1)))
struct BookingTests {
    @Test("b books an unbooked launch, shows Booking… until the server confirms, and ignores a second b")
    func bookFinished() {
        var app = DetailsScreenTests.showingDetails()
        #expect(app.press(.character("b")) == [.book(Fixture.id(3))])
        #expect(app.lines[9].contains("Booking…"))
        #expect(app.press(.character("b")) == [])
        // The driver's optimistic write makes the watcher yield the new state.
        app.send(.detailsChanged(Fixture.id(3), Fixture.details(3, booked: true)))
        #expect(app.lines[9].hasPrefix(" [ Cancel trip ]"))
        #expect(app.lines[9].contains("Booking…"))
        app.send(.bookingFinished(Fixture.id(3), message: "trips booked successfully"))
        #expect(!app.lines[9].contains("Booking…"))
        #expect(app.lines[22].contains("trips booked successfully"))
        #expect(app.state.pendingBookings.isEmpty)
    }

    @Test("Without the server's message, the screen says what was done")
    func finishedWithoutMessage() {
        var app = DetailsScreenTests.showingDetails()
        app.press(.character("b"))
        app.send(.bookingFinished(Fixture.id(3), message: nil))
        #expect(app.lines[22].contains("Booked launch 3."))
    }

    @Test("b on a booked launch cancels it; a failure shows its sentence and ends the pending state")
    func cancelFailed() {
        var app = DetailsScreenTests.showingDetails(booked: true)
        #expect(app.press(.character("b")) == [.cancel(Fixture.id(3))])
        #expect(app.lines[9].contains("Cancelling…"))
        app.send(.bookingFailed(Fixture.id(3), message: "Could not cancel the trip on launch 3: the server could not be reached."))
        #expect(!app.lines[9].contains("Cancelling…"))
        #expect(app.lines[22].contains("Could not cancel the trip on launch 3"))
        // The launch can be tried again.
        #expect(app.press(.character("b")) == [.cancel(Fixture.id(3))])
    }

    @Test("b before the details arrive does nothing")
    func beforeDetails() {
        var app = Harness(user: Fixture.email(), launches: 5)
        app.press(.enter)
        #expect(app.press(.character("b")) == [])
        #expect(app.state.pendingBookings.isEmpty)
    }

    @Test("A launch stays pending on other screens, and its answer arrives wherever the app is")
    func pendingAcrossScreens() {
        var app = DetailsScreenTests.showingDetails()
        app.press(.character("b"), .escape)
        #expect(app.state.pendingBookings == [Fixture.id(3): .book])
        app.send(.bookingFailed(Fixture.id(3), message: "Booking failed."))
        #expect(app.state.pendingBookings.isEmpty)
        #expect(app.lines[22].contains("Booking failed."))
        // The next key clears the message line.
        app.press(.character("j"))
        #expect(!app.text.contains("Booking failed."))
    }

    @Test("Logged out, b opens the login sheet; logging in then books the launch")
    func bookAfterLogin() {
        var app = DetailsScreenTests.showingDetails(user: nil)
        #expect(app.press(.character("b")) == [])
        #expect(app.state.login?.bookingAfterLogin == Fixture.id(3))
        #expect(app.text.contains("Log in to book launch 3."))
        app.type("ada@rocket.invalid")
        #expect(app.press(.enter) == [.logIn(email: "ada@rocket.invalid")])
        #expect(app.send(.loginFinished(Fixture.email())) == [.book(Fixture.id(3))])
        #expect(app.state.login == nil)
        #expect(app.state.user == Fixture.email())
        #expect(app.lines[9].contains("Booking…"))
    }

    @Test("A login cancelled with Esc books nothing when it succeeds later")
    func cancelledLogin() {
        var app = DetailsScreenTests.showingDetails(user: nil)
        app.press(.character("b"))
        app.type("ada@rocket.invalid")
        app.press(.enter, .escape)
        #expect(app.send(.loginFinished(Fixture.email())) == [])
        #expect(app.state.user == Fixture.email())
    }
}
