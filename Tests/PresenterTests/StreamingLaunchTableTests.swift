import Domain
import Ports
import TerminalPresenters
import Testing

/// `launches --all` as text: the layout comes from the first page; later rows keep it.
@Suite("HumanPresenter: a list that arrives in pages", .timeLimit(.minutes(5)))
struct StreamingLaunchTableTests {
    static func launch(_ id: String, _ mission: String, _ site: String) -> Launch {
        Launch(id: LaunchID(trusted: id), site: site, mission: Mission(name: mission, missionPatch: nil))
    }

    static let first = LaunchPage(launches: [launch("10", "Short", "KSC")], cursor: "a", hasMore: true)
    static let second = LaunchPage(launches: [launch("9", "A much longer mission", "Vandenberg")], cursor: "b", hasMore: false)

    @Test func aOnePageWalkPrintsWhatOnePagePrints() {
        let single = CapturingOutput()
        HumanPresenter(output: single, colorEnabled: false, nextPageCommand: TutorialNextPage.words).present(Self.second, pageSize: nil)
        let streamed = CapturingOutput()
        let listing = HumanPresenter(output: streamed, colorEnabled: false, nextPageCommand: TutorialNextPage.words).launchListing(pageSize: nil)
        listing.add(Self.second, number: 1, launchCount: 1)
        listing.finish()
        #expect(streamed.text == single.text)
    }

    @Test func rowsAreWrittenAsPagesArriveInTheFirstPagesLayout() {
        let output = CapturingOutput()
        let listing = HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words).launchListing(pageSize: nil)
        listing.add(Self.first, number: 1, launchCount: 1)
        #expect(output.lines == ["ID  MISSION  SITE", "10  Short    KSC"])
        listing.add(Self.second, number: 2, launchCount: 2)
        listing.finish()
        // Piped: nothing is cut; the longer mission pushes its site right.
        #expect(output.lines == ["ID  MISSION  SITE", "10  Short    KSC", "9   A much longer mission  Vandenberg"])
    }

    @Test func onATerminalLaterRowsAreCutToTheLayout() {
        let output = CapturingOutput()
        let listing = HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words, width: 80).launchListing(pageSize: nil)
        listing.add(Self.first, number: 1, launchCount: 1)
        listing.add(Self.second, number: 2, launchCount: 2)
        listing.finish()
        #expect(output.lines == ["ID  MISSION  SITE", "10  Short    KSC", "9   A much…  Vandenberg"])
    }

    @Test func progressIsDrawnAfterEachPageAndErasedAtTheEnd() {
        let output = CapturingOutput()
        let errors = CapturingOutput()
        let presenter = HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words, progress: ProgressLine(output: errors))
        let listing = presenter.launchListing(pageSize: nil)
        listing.add(Self.first, number: 1, launchCount: 1)
        #expect(errors.text == "\r\u{1B}[Kpage 1 · 1 launch")
        listing.add(Self.second, number: 2, launchCount: 2)
        listing.finish()
        #expect(errors.text == "\r\u{1B}[Kpage 1 · 1 launch\r\u{1B}[K\r\u{1B}[Kpage 2 · 2 launches\r\u{1B}[K")
    }

    @Test func emptyWalkSaysSo() {
        let output = CapturingOutput()
        let listing = HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words).launchListing(pageSize: nil)
        listing.add(LaunchPage(launches: [], cursor: "x", hasMore: false), number: 1, launchCount: 0)
        listing.finish()
        #expect(output.lines == ["No launches found."])
    }
}
