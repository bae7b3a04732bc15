import AppScreens
import Domain
import TerminalModel
import Testing

/// Pages load as the selection nears the end: one request at a time, none when the list is whole.
@Suite("Paging", .timeLimit(.minutes(1)))
struct PagingTests {
    @Test("Starting on an empty list loads the first page, once")
    func firstPage() {
        var app = Harness()
        #expect(app.send(.started) == [.loadPage(after: nil)])
        #expect(app.send(.started) == [])
        #expect(app.text.contains("Loading…"))
        // 40 launches fill more than two screens of 20 rows: no next page yet.
        #expect(app.send(.pageLoaded(Fixture.page(0..<40, hasMore: true), after: nil)) == [])
        #expect(app.state.launches.launches.count == 40)
        #expect(!app.text.contains("Loading…"))
    }

    @Test("Starting with launches restored from the cache asks for nothing until the selection nears the end")
    func startWithCachedPages() {
        var app = Harness(launches: 60, hasMore: true)
        #expect(app.send(.started) == [])
    }

    @Test("Nearing the last row asks for the next page exactly once")
    func nearTheEnd() {
        var app = Harness(launches: 40, hasMore: true)
        let rows = app.state.layout.listRows
        #expect(rows == 20)
        // The request goes out when a screenful or less is left below the selection.
        #expect(app.press(.character("j"), times: 40 - rows - 1) == [])
        #expect(app.press(.character("j")) == [.loadPage(after: "c40")])
        #expect(app.press(.character("j"), times: 10) == [])
        #expect(app.press(.end, .pageDown) == [])
        #expect(app.state.launches.request != nil)
    }

    @Test("With a small screen, the next page loads within five rows of the end")
    func prefetchDistanceOnSmallScreen() {
        var app = Harness(size: TerminalSize(columns: 40, rows: 12), launches: 30, hasMore: true)
        #expect(app.state.layout.listRows == 8)
        #expect(app.press(.character("j"), times: 21) == [])
        #expect(app.press(.character("j")) == [.loadPage(after: "c30")])
    }

    @Test("A loaded page is appended and the list can ask for the next")
    func pageArrives() {
        var app = Harness(launches: 40, hasMore: true)
        app.press(.end)
        #expect(app.send(.pageLoaded(Fixture.page(40..<80, hasMore: false), after: "c40")) == [])
        #expect(app.state.launches.launches.count == 80)
        #expect(app.state.launches.launches[40] == Fixture.launch(40))
        #expect(app.state.launches.request == nil)
        #expect(app.state.launches.position.selection == 39)
        // The whole list is loaded: the end asks for nothing more.
        #expect(app.press(.end, .character("j"), .pageDown) == [])
    }

    @Test("No page is asked for when the server said there are no more")
    func noMore() {
        var app = Harness(launches: 10, hasMore: false)
        #expect(app.send(.started) == [])
        #expect(app.press(.end, .character("j"), .character("k"), .character("j")) == [])
    }

    @Test("A page answering another cursor (asked before the list was replaced) is dropped")
    func stalePage() {
        var app = Harness(launches: 40, hasMore: true)
        app.press(.end)
        #expect(app.state.launches.request == PageRequest(after: "c40"))
        app.send(.launchesReplaced([Fixture.page(0..<40, hasMore: true), Fixture.page(40..<60, hasMore: true)]))
        #expect(app.state.launches.position.selection == 39)
        // The old request answers: dropped; the new end is more than a screenful away.
        #expect(app.send(.pageLoaded(Fixture.page(40..<45, hasMore: true), after: "c40")) == [])
        #expect(app.state.launches.launches.count == 60)
        #expect(app.state.launches.request == nil)
        #expect(app.press(.character("j")) == [.loadPage(after: "c60")])
    }

    @Test("A failed page shows its sentence, stops paging, and r retries it once")
    func failure() {
        var app = Harness(launches: 40, hasMore: true)
        #expect(app.press(.end) == [.loadPage(after: "c40")])
        app.send(.pageFailed(after: "c40", message: "The server could not be reached."))
        #expect(app.text.contains("The server could not be reached. Press r to try again."))
        #expect(app.press(.character("k"), .character("j")) == [])
        #expect(app.press(.character("r")) == [.loadPage(after: "c40")])
        #expect(app.text.contains("Loading…"))
        #expect(app.press(.character("r")) == [])
        #expect(app.send(.pageLoaded(Fixture.page(40..<50, hasMore: false), after: "c40")) == [])
        #expect(app.state.launches.launches.count == 50)
        #expect(app.state.launches.failure == nil)
    }

    @Test("r does nothing when no page failed")
    func retryWithoutFailure() {
        var app = Harness(launches: 40, hasMore: true)
        #expect(app.press(.character("r")) == [])
    }

    @Test("The Loading… row shows under the last launch while the next page loads")
    func loadingRow() {
        var app = Harness(launches: 40, hasMore: true)
        app.press(.end)
        let rows = app.state.layout.listRows
        #expect(app.lines[2 + rows - 2].contains("Mission 39"))
        #expect(app.lines[2 + rows - 1].contains("Loading…"))
    }

    @Test("A taller window that shows the end of the list asks for the next page")
    func resizeLoads() {
        var app = Harness(launches: 40, hasMore: true)
        app.press(.character("j"), times: 15)
        #expect(app.send(.terminal(.resized(TerminalSize(columns: 80, rows: 40)))) == [.loadPage(after: "c40")])
    }

    @Test("A replaced list keeps the selected launch selected")
    func replacedKeepsSelection() {
        var app = Harness(launches: 10)
        app.press(.character("j"), times: 5)
        app.send(.launchesReplaced([LaunchPage(launches: (3..<10).map { Fixture.launch($0) }, cursor: "x", hasMore: false)]))
        #expect(app.state.launches.selected?.id == Fixture.id(5))
    }

    @Test("An empty page ends the list instead of asking again")
    func emptyPage() {
        var app = Harness()
        app.send(.started)
        #expect(app.send(.pageLoaded(LaunchPage(launches: [], cursor: "c0", hasMore: true), after: nil)) == [])
        #expect(app.text.contains("No launches."))
    }
}
