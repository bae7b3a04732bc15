import AppScreens
import Domain
import TerminalModel
import Testing

/// The booking-activity banner and the status line: host, user, offline.
@Suite("Banner and status line", .timeLimit(.minutes(1)))
struct BannerAndStatusTests {
    @Test("A banner shows on the title row and asks for its own expiry")
    func banner() {
        var app = Harness(launches: 3)
        #expect(app.send(.banner("1 trip booked.")) == [.expireBanner(id: 1, after: AppReducer.bannerDuration)])
        #expect(app.lines[0].contains("1 trip booked."))
        #expect(!app.lines[0].contains("Launches"))
        #expect(app.send(.bannerExpired(id: 1)) == [])
        #expect(app.state.banner == nil)
        #expect(app.lines[0].contains("Launches"))
    }

    @Test("A newer banner replaces the older; the older's expiry leaves it up")
    func newerReplaces() {
        var app = Harness(launches: 3)
        app.send(.banner("1 trip booked."))
        #expect(app.send(.banner("1 trip cancelled.")) == [.expireBanner(id: 2, after: AppReducer.bannerDuration)])
        #expect(app.lines[0].contains("1 trip cancelled."))
        app.send(.bannerExpired(id: 1))
        #expect(app.lines[0].contains("1 trip cancelled."))
        app.send(.bannerExpired(id: 2))
        #expect(app.state.banner == nil)
        // An expiry for a banner long gone does nothing.
        app.send(.bannerExpired(id: 2))
        #expect(app.state.banner == nil)
    }

    @Test("The status line names the host and who is logged in")
    func statusLine() {
        var app = Harness(launches: 3)
        #expect(app.lines[23].contains("rocket.invalid · not logged in"))
        #expect(app.lines[23].hasSuffix("? help "))
        app.send(.signedIn(Fixture.email()))
        #expect(app.lines[23].contains("rocket.invalid · ada@rocket.invalid"))
    }

    @Test("Offline shows on the status line until the server is reached again; the list still works")
    func offline() {
        var app = Harness(launches: 30)
        app.send(.connectivity(online: false, asOf: .now))
        #expect(app.lines[23].hasPrefix(" offline · rocket.invalid"))
        app.press(.character("j"))
        #expect(app.state.launches.position.selection == 1)
        app.send(.connectivity(online: true, asOf: .now))
        #expect(!app.lines[23].contains("offline"))
    }

    @Test("An answer to a request sent before the server was seen gone does not bring the status back online")
    func staleEvidence() {
        var app = Harness(launches: 30)
        let asked = ContinuousClock.now
        let feedLost = asked.advanced(by: .milliseconds(5))
        app.send(.connectivity(online: false, asOf: feedLost))
        // The page asked for before the feed dropped is answered afterwards.
        app.send(.connectivity(online: true, asOf: asked))
        #expect(app.lines[23].hasPrefix(" offline · "), "\(app.lines[23])")
        // A request sent after the drop that gets an answer is news: the server is back.
        app.send(.connectivity(online: true, asOf: feedLost.advanced(by: .milliseconds(1))))
        #expect(!app.lines[23].contains("offline"))
        // And a failure of a request sent before that answer does not take it down again.
        app.send(.connectivity(online: false, asOf: feedLost))
        #expect(!app.lines[23].contains("offline"))
    }

    @Test("The status line is cut to the window, keeping the help key and some of the user")
    func narrowStatus() {
        var app = Harness(size: TerminalSize(columns: 40, rows: 12), user: nil, launches: 3)
        app.send(.signedIn(Fixture.email("a-rather-long-address-for-a-small-window@rocket.invalid")))
        app.send(.connectivity(online: false, asOf: .now))
        let status = app.lines[11]
        // The host gives up cells first, so that some of the user shows.
        #expect(status.hasPrefix(" offline · rocket.inva… · a-ra"))
        #expect(status.hasSuffix("? help "))
    }

    @Test("Redraw changes nothing in the state")
    func redraw() {
        var app = Harness(launches: 3)
        let before = app.state
        #expect(app.send(.terminal(.redraw)) == [])
        #expect(app.state == before)
    }
}
