import Foundation
import Testing
@testable import RocketReserverServerCore

@Suite("launches and launch queries")
struct LaunchQueryTests {
    static let pageQuery = """
        query Page($size: Int, $after: String) {
          launches(pageSize: $size, after: $after) { cursor hasMore launches { id site } }
        }
        """

    @Test func defaultPageHasTwentyNewestLaunches() async throws {
        let server = try TestServer()
        let response = try await server.post("{ launches { hasMore cursor launches { id } } }")
        #expect(response.status == 200)
        let ids = try #require(JSONPath.array(response.json, "data", "launches", "launches"))
            .compactMap { JSONPath.string($0, "id") }
        #expect(ids == (91...110).reversed().map(String.init))
        #expect(JSONPath.bool(response.json, "data", "launches", "hasMore") == true)
        #expect(JSONPath.string(response.json, "data", "launches", "cursor")?.isEmpty == false)
    }

    @Test func pagingVisitsAllLaunchesOnceNewestFirst() async throws {
        let server = try TestServer()
        var cursor: String?
        var ids: [String] = []
        var pages = 0
        while true {
            var variables: [String: Any] = ["size": 7]
            if let cursor { variables["after"] = cursor }
            let response = try await server.post(Self.pageQuery, variables: variables)
            #expect(response.status == 200)
            let page = try #require(JSONPath.array(response.json, "data", "launches", "launches"))
            ids += page.compactMap { JSONPath.string($0, "id") }
            cursor = JSONPath.string(response.json, "data", "launches", "cursor")
            pages += 1
            guard JSONPath.bool(response.json, "data", "launches", "hasMore") == true else { break }
            try #require(pages < 50, "paging does not end")
        }
        #expect(pages == 16)  // 15 pages of 7 and a last page of 5
        #expect(ids.count == 110)
        #expect(Set(ids).count == 110)
        #expect(Set(ids) == Set((1...110).map(String.init)))
        let dates = try LaunchDataset.bundled().launches.reduce(into: [String: String]()) { $0[$1.id] = $1.date }
        let ordered = ids.compactMap { dates[$0] }
        #expect(ordered == ordered.sorted(by: >), "launches are not newest first")
    }

    @Test func pageSizeBelowOneIsAnErrorWithNullData() async throws {
        let server = try TestServer()
        for size in [0, -3] {
            let response = try await server.post(Self.pageQuery, variables: ["size": size])
            #expect(response.status == 200)
            #expect(JSONPath.isNull(response.json, "data"))
            #expect(JSONPath.string(response.json, "errors", 0, "message") == "pageSize must be >= 1")
            #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "BAD_USER_INPUT")
            #expect(JSONPath.string(response.json, "errors", 0, "path", 0) == "launches")
        }
    }

    @Test func undecodableOrExhaustedCursorIsAnError() async throws {
        let server = try TestServer()
        let all = try await server.post(Self.pageQuery, variables: ["size": 200])
        #expect(JSONPath.bool(all.json, "data", "launches", "hasMore") == false)
        #expect(JSONPath.array(all.json, "data", "launches", "launches")?.count == 110)
        let lastCursor = try #require(JSONPath.string(all.json, "data", "launches", "cursor"))
        for cursor in ["not a cursor!", Data("garbage".utf8).base64EncodedString(), lastCursor] {
            let response = try await server.post(Self.pageQuery, variables: ["after": cursor])
            #expect(JSONPath.isNull(response.json, "data"), "cursor \(cursor)")
            #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "BAD_USER_INPUT")
        }
    }

    @Test func launchByIDAndUnknownID() async throws {
        let server = try TestServer()
        let response = try await server.post("""
            { known: launch(id: "42") { id site mission { name } rocket { id name type } isBooked }
              unknown: launch(id: "4242") { id } }
            """)
        #expect(response.status == 200)
        #expect(JSONPath.value(response.json, "errors") == nil)
        let expected = try #require(try LaunchDataset.bundled().launches.first { $0.id == "42" })
        #expect(JSONPath.string(response.json, "data", "known", "id") == "42")
        #expect(JSONPath.string(response.json, "data", "known", "site") == expected.site)
        #expect(JSONPath.string(response.json, "data", "known", "mission", "name") == expected.mission?.name)
        #expect(JSONPath.string(response.json, "data", "known", "rocket", "id") == expected.rocket?.id)
        #expect(JSONPath.string(response.json, "data", "known", "rocket", "name") == expected.rocket?.name)
        #expect(JSONPath.string(response.json, "data", "known", "rocket", "type") == expected.rocket?.type)
        #expect(JSONPath.bool(response.json, "data", "known", "isBooked") == false)
        #expect(JSONPath.isNull(response.json, "data", "unknown"))
    }

    @Test func missionPatchSizes() async throws {
        let server = try TestServer()
        let response = try await server.post("""
            { launch(id: "7") { mission {
                small: missionPatch(size: SMALL) large: missionPatch(size: LARGE) plain: missionPatch } } }
            """)
        let mission = JSONPath.value(response.json, "data", "launch", "mission")
        #expect(JSONPath.string(mission, "small") == "https://images.rocketreserver.invalid/patches/7-small.png")
        #expect(JSONPath.string(mission, "large") == "https://images.rocketreserver.invalid/patches/7-large.png")
        #expect(JSONPath.string(mission, "plain") == "https://images.rocketreserver.invalid/patches/7-large.png")
    }
}
