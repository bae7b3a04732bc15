import Domain
import Ports
import TerminalPresenters
import Testing

/// The human presenter's details block and one-line messages.
@Suite("HumanPresenter messages", .timeLimit(.minutes(5)))
struct HumanPresenterMessageTests {
    let output = CapturingOutput()
    var presenter: HumanPresenter { HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words) }

    @Test("Details show mission, id, site, rocket, patch and booking, values aligned")
    func details() {
        presenter.present(PresenterFixtures.details)
        #expect(output.lines == [
            "Mission:    Starlink-3",
            "Launch ID:  109",
            "Site:       CCAFS SLC 40",
            "Rocket:     Falcon 9 (FT)",
            "Patch URL:  https://images.rocketreserver.invalid/9a/96/nLppz9HW_o.png",
            "Booked:     yes",
        ])
    }

    @Test("Missing details read unknown and an unbooked launch reads no")
    func bareDetails() {
        presenter.present(PresenterFixtures.bareDetails)
        #expect(output.lines == [
            "Mission:    unknown",
            "Launch ID:  1",
            "Site:       unknown",
            "Rocket:     unknown",
            "Patch URL:  unknown",
            "Booked:     no",
        ])
    }

    @Test("A booking states the launch, the server's message and the new state")
    func booked() {
        let update = TripUpdate(launchID: PresenterFixtures.details.id, success: true, message: "trips booked successfully", launch: PresenterFixtures.details)
        presenter.present(update, for: .book)
        #expect(output.lines == ["Booked launch 109 (Starlink-3): trips booked successfully.", "Launch 109 is now booked."])
    }

    @Test("A cancellation states the launch, the server's message and the new state")
    func cancelled() {
        var details = PresenterFixtures.details
        details.isBooked = false
        presenter.present(TripUpdate(launchID: PresenterFixtures.details.id, success: true, message: "Cancelled trip!", launch: details), for: .cancel)
        #expect(output.lines == ["Cancelled the trip on launch 109 (Starlink-3): Cancelled trip!", "Launch 109 is not booked."])
    }

    @Test("A refused booking without a launch or message still reads as a sentence")
    func refused() {
        presenter.present(TripUpdate(launchID: PresenterFixtures.details.id, success: false, message: nil, launch: nil), for: .book)
        #expect(output.lines == ["Could not book launch 109."])
    }

    @Test("Login and logout")
    func loginLogout() {
        presenter.presentLogin(PresenterFixtures.email)
        presenter.presentLogout(PresenterFixtures.email)
        presenter.presentLogout(nil)
        #expect(output.lines == ["Logged in as me@example.com.", "Logged out.", "Nobody was logged in."])
    }

    @Test("Trips are listed under the user's address in the launch table")
    func trips() {
        presenter.present(User(email: PresenterFixtures.email, trips: [Trip(launch: PresenterFixtures.starlink)]))
        #expect(output.lines == ["Trips for me@example.com:", "ID   MISSION     SITE", "109  Starlink-3  CCAFS SLC 40"])
    }

    @Test("A user without trips is told so")
    func noTrips() {
        presenter.present(User(email: PresenterFixtures.email, trips: []))
        #expect(output.lines == ["me@example.com has no trips booked."])
    }

    @Test("Each result is written with a final newline")
    func finalNewline() {
        presenter.present(PresenterFixtures.details)
        presenter.presentLogin(PresenterFixtures.email)
        #expect(output.chunks.allSatisfy { $0.hasSuffix("\n") })
    }
}
