import Domain
import Foundation
import Ports
import TerminalPresenters
import Testing

/// What `whoami` and `cache` print, as text and as JSON.
@Suite("Presenters: whoami and cache", .timeLimit(.minutes(5)))
struct LocalStatePresenterTests {
    private let summary = CacheSummary(
        path: "/state/cache/cache-1-2.sqlite", exists: true, bytes: 1449, records: 11, oldestRecordAge: .seconds(3 * 3_600 + 5), newestRecordAge: .seconds(4)
    )

    @Test func textIsTheAddressAloneAndALabelledBlock() throws {
        let output = CapturingOutput()
        let presenter = HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words)
        presenter.presentWhoAmI(try EmailAddress("me@example.com"), endpoint: "http://127.0.0.1:1/graphql")
        presenter.present(summary)
        presenter.present(CacheSummary(path: "/x\u{1B}[31m", exists: false, bytes: 0, records: 0))
        presenter.present(CacheClearing(all: true, removed: 3))
        #expect(output.lines == [
            "me@example.com",
            "Path:     /state/cache/cache-1-2.sqlite", "Size:     1449 bytes", "Records:  11",
            "Oldest:   received 3 hours ago", "Newest:   received 4 seconds ago",
            "Path:     /x\u{FFFD}[31m", "Size:     0 bytes (nothing cached yet)", "Records:  0",
            "Cleared 3 caches.",
        ])
    }

    @Test func jsonShapesUseNumbersForCounts() throws {
        let output = CapturingOutput()
        let presenter = JSONPresenter(output: output)
        presenter.presentWhoAmI(try EmailAddress("me@example.com"), endpoint: "http://127.0.0.1:1/graphql")
        presenter.present(summary)
        presenter.present(CacheClearing(all: false, removed: 1))
        presenter.present(CacheCollection(unreachableRecords: 2, danglingReferences: 1))
        #expect(output.lines == [
            #"{"email":"me@example.com","endpoint":"http://127.0.0.1:1/graphql"}"#,
            #"{"bytes":1449,"newestRecordAgeSeconds":4,"oldestRecordAgeSeconds":10805,"path":"/state/cache/cache-1-2.sqlite","records":11}"#,
            #"{"all":false,"removed":1}"#,
            #"{"danglingReferences":1,"unreachableRecords":2}"#,
        ])
    }
}
