import Domain
import Ports
import TerminalPresenters
import Testing

/// Colour appears only when enabled, and never disturbs alignment.
@Suite("HumanPresenter colour", .timeLimit(.minutes(5)))
struct HumanPresenterColorTests {
    /// Every kind of result, presented once.
    static func presentEverything(colorEnabled: Bool) -> String {
        let output = CapturingOutput()
        let presenter = HumanPresenter(output: output, colorEnabled: colorEnabled, nextPageCommand: TutorialNextPage.words)
        presenter.present(LaunchPage(launches: PresenterFixtures.launches, cursor: "42", hasMore: true))
        presenter.present(PresenterFixtures.details)
        presenter.present(PresenterFixtures.bareDetails)
        presenter.present(TripUpdate(launchID: PresenterFixtures.details.id, success: true, message: "ok", launch: PresenterFixtures.details), for: .book)
        presenter.present(TripUpdate(launchID: PresenterFixtures.details.id, success: false, message: "no", launch: nil), for: .cancel)
        presenter.presentLogin(PresenterFixtures.email)
        presenter.presentLogout(nil)
        presenter.present(User(email: PresenterFixtures.email, trips: [Trip(launch: PresenterFixtures.accented)]))
        presenter.present(User(email: PresenterFixtures.email))
        return output.text
    }

    @Test("Without colour there is no escape character anywhere")
    func noColor() {
        #expect(!Self.presentEverything(colorEnabled: false).contains("\u{1B}"))
    }

    @Test("With colour, escape sequences appear and are always reset")
    func color() {
        let text = Self.presentEverything(colorEnabled: true)
        #expect(text.contains("\u{1B}[1m"))
        #expect(text.contains("\u{1B}[0m"))
        let resets = text.components(separatedBy: "\u{1B}[0m").count - 1
        let sequences = text.components(separatedBy: "\u{1B}[").count - 1
        #expect(resets > 0)
        #expect(sequences == 2 * resets, "each styled span opens once and resets once")
    }

    @Test("With colour removed, the output is exactly the colourless output")
    func colorOnlyAddsEscapes() {
        let colored = Self.presentEverything(colorEnabled: true)
        let stripped = colored.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == Self.presentEverything(colorEnabled: false))
    }
}
