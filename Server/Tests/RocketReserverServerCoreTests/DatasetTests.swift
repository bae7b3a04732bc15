import Foundation
import Testing
@testable import RocketReserverServerCore

@Suite("launch dataset and cursors")
struct DatasetTests {
    @Test func bundledDatasetHas110CompleteLaunches() throws {
        let launches = try LaunchDataset.bundled().launches
        #expect(launches.count == 110)
        #expect(Set(launches.map(\.id)) == Set((1...110).map(String.init)))
        for launch in launches {
            #expect(LaunchDate.parse(launch.date) != nil)
            #expect(launch.site?.isEmpty == false)
            #expect(launch.mission?.name?.isEmpty == false)
            #expect(launch.mission?.missionPatchSmall?.hasSuffix("\(launch.id)-small.png") == true)
            #expect(launch.mission?.missionPatchLarge?.hasSuffix("\(launch.id)-large.png") == true)
            #expect(launch.rocket?.name?.isEmpty == false && launch.rocket?.type?.isEmpty == false)
        }
    }

    @Test func badDatasetsAreRejected() throws {
        let cases = [
            #"{"launches": []}"#,
            #"{"launches": [{"id": "1", "date": "yesterday"}]}"#,
            #"{"launches": [{"id": "1", "date": "2020-01-01T00:00:00Z"}, {"id": "1", "date": "2020-01-02T00:00:00Z"}]}"#,
            #"[1, 2, 3]"#,
            "not json",
        ]
        for text in cases {
            #expect(throws: ServerSetupError.self, "\(text)") {
                try LaunchDataset.decode(Data(text.utf8), origin: "test")
            }
        }
    }

    @Test func cursorRoundTripsAndRejectsGarbage() throws {
        let catalog = LaunchCatalog(dataset: try LaunchDataset.bundled())
        let first = try catalog.page(after: nil, pageSize: 3)
        let decoded = try #require(LaunchCursor.decode(first.cursor))
        #expect(decoded.key.id == first.launches.last?.id)
        #expect(LaunchCursor.decode("%%%") == nil)
        #expect(LaunchCursor.decode(Data("v2|2020-01-01T00:00:00Z|1".utf8).base64EncodedString()) == nil)
        let second = try catalog.page(after: first.cursor, pageSize: 3)
        #expect(second.launches.map(\.id) == ["107", "106", "105"])
    }

    @Test func emailValidation() {
        for valid in ["a@b.co", "first.last+tag@example.org", "x@sub.domain.travel"] {
            #expect(EmailAddress.isValid(valid), "\(valid)")
        }
        for invalid in ["", "plain", "@b.co", "a@", "a@b", "a@b.", "a@.co", "a@b.c", "a b@c.de", "a@b@c.de", "a@b.c0"] {
            #expect(!EmailAddress.isValid(invalid), "\(invalid)")
        }
    }
}
