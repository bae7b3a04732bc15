import GraphQLClient
import GraphQLClientFixtures
import JSON
import NormalizedCache
import Testing

@Suite(.timeLimit(.minutes(5)))
struct NormalizedCacheTests {
    private let details = ClientFixtures.launchDetails
    private let list = LaunchListFixture.operation

    private func detailsData(site: String = "CCAFS SLC 40", isBooked: Bool = false) throws -> [String: JSONValue] {
        try #require(try GraphQLResponseDecoder.decode(.init(ClientFixtures.detailsBody(site: site, isBooked: isBooked).utf8)).data)
    }

    private func listData(site: String) -> [String: JSONValue] {
        ["launches": [
            "__typename": "LaunchConnection", "cursor": "c1", "hasMore": true,
            "launches": [
                ["__typename": "Launch", "id": "25", "site": .string(site),
                 "mission": ["__typename": "Mission", "name": "Starlink-3", "missionPatch": "https://images.rocketreserver.invalid/small.png"]],
                nil,
            ],
        ]]
    }

    @Test func keysRecordsByTypeAndIdOrByPath() async throws {
        let cache = NormalizedCache()
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        #expect(await cache.record("QUERY_ROOT") == [#"launch({"id":"25"})"#: .reference("Launch:25")])
        let launch = try #require(await cache.record("Launch:25"))
        #expect(launch["mission"] == .reference("Launch:25.mission"))
        #expect(launch["rocket"] == .reference("Rocket:falcon9"))
        #expect(launch["isBooked"] == .scalar(false))
        #expect(await cache.record("Launch:25.mission")?[#"missionPatch({"size":"LARGE"})"#] == .scalar("https://images.rocketreserver.invalid/large.png"))
        #expect(await cache.record("Rocket:falcon9")?["name"] == .scalar("Falcon 9"))
    }

    @Test func anObjectFetchedByOneOperationUpdatesAnother() async throws {
        let cache = NormalizedCache()
        try await cache.write(try detailsData(site: "Old site"), for: details, variables: ["launchId": "25"])
        try await cache.write(listData(site: "New site"), for: list, variables: ["pageSize": 20])
        let read = await cache.read(details, variables: ["launchId": "25"])
        #expect(read?["launch"]?["site"] == "New site")
        #expect(await cache.record("QUERY_ROOT")?[#"launches({"after":null,"pageSize":20})"#] == .reference(#"QUERY_ROOT.launches({"after":null,"pageSize":20})"#))
    }

    @Test func fieldsWithDifferentArgumentsAreKeptApart() async throws {
        let cache = NormalizedCache()
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        try await cache.write(listData(site: "x"), for: list, variables: ["pageSize": 20])
        let mission = try #require(await cache.record("Launch:25.mission"))
        #expect(mission[#"missionPatch({"size":"LARGE"})"#] == .scalar("https://images.rocketreserver.invalid/large.png"))
        #expect(mission[#"missionPatch({"size":"SMALL"})"#] == .scalar("https://images.rocketreserver.invalid/small.png"))
        #expect(await cache.read(details, variables: ["launchId": "25"])?["launch"]?["mission"]?["missionPatch"] == "https://images.rocketreserver.invalid/large.png")
        #expect(await cache.read(list, variables: ["pageSize": 20]) != nil)
        #expect(await cache.read(list, variables: ["pageSize": 10]) == nil)
    }

    @Test func readsRoundTripTheAnswerIncludingNullsInLists() async throws {
        let cache = NormalizedCache()
        let data = listData(site: "x")
        try await cache.write(data, for: list, variables: ["pageSize": 20])
        #expect(await cache.read(list, variables: ["pageSize": 20]) == data)
    }

    @Test func readMissesUnlessEveryFieldIsCached() async throws {
        let cache = NormalizedCache()
        try await cache.write(listData(site: "x"), for: list, variables: ["pageSize": 20])
        #expect(await cache.read(details, variables: ["launchId": "25"]) == nil)
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        #expect(await cache.read(details, variables: ["launchId": "25"]) != nil)
        await cache.removeField("isBooked", of: "Launch:25")
        #expect(await cache.read(details, variables: ["launchId": "25"]) == nil)
    }

    @Test func mutationResultsUpdateObjectsButAreNotKept() async throws {
        let cache = NormalizedCache()
        try await cache.write(try detailsData(isBooked: false), for: details, variables: ["launchId": "25"])
        let answer: [String: JSONValue] = ["bookTrips": [
            "__typename": "TripUpdateResponse", "success": true, "message": "trips booked successfully",
            "launches": [["__typename": "Launch", "id": "25", "isBooked": true]],
        ]]
        try await cache.write(answer, for: ClientFixtures.bookTrip, variables: ["id": "25"])
        #expect(await cache.read(details, variables: ["launchId": "25"])?["launch"]?["isBooked"] == true)
        #expect(await cache.record("MUTATION_ROOT") == nil)
        #expect(await cache.record(#"MUTATION_ROOT.bookTrips({"launchIds":["25"]})"#) == nil)
        #expect(await cache.read(ClientFixtures.bookTrip, variables: ["id": "25"]) == nil)
    }

    @Test func fieldsCanBeWrittenAndRecordsRemovedDirectly() async throws {
        let cache = NormalizedCache()
        try await cache.write(try detailsData(isBooked: true), for: details, variables: ["launchId": "25"])
        await cache.setField("isBooked", of: "Launch:25", to: false)
        #expect(await cache.read(details, variables: ["launchId": "25"])?["launch"]?["isBooked"] == false)
        await cache.removeRecord("Rocket:falcon9")
        #expect(await cache.record("Rocket:falcon9") == nil)
        #expect(await cache.read(details, variables: ["launchId": "25"]) == nil)
    }

    @Test func aliasesAreReadAndWrittenUnderTheirResponseKey() async throws {
        let operation = GraphQLOperation(.query, name: "Two", selections: [
            GraphQLField("launch", alias: "first", arguments: ["id": .literal("1")], ["id", GraphQLField("site", alias: "where")]),
            GraphQLField("launch", alias: "second", arguments: ["id": .literal("2")], ["id", GraphQLField("site", alias: "where")]),
        ])
        let data: [String: JSONValue] = [
            "first": ["__typename": "Launch", "id": "1", "where": "A"],
            "second": ["__typename": "Launch", "id": "2", "where": "B"],
        ]
        let cache = NormalizedCache()
        try await cache.write(data, for: operation)
        #expect(await cache.record("Launch:2")?["site"] == .scalar("B"))
        #expect(await cache.read(operation) == data)
    }

    @Test func nullObjectsAndIntegerIdsAreStored() async throws {
        let cache = NormalizedCache()
        let data: [String: JSONValue] = ["launch": ["__typename": "Launch", "id": 7, "site": nil, "mission": nil, "rocket": nil, "isBooked": false]]
        try await cache.write(data, for: details, variables: ["launchId": "7"])
        #expect(await cache.record("Launch:7")?["mission"] == .scalar(nil))
        #expect(await cache.read(details, variables: ["launchId": "7"]) == data)
        try await cache.write(["launch": nil], for: details, variables: ["launchId": "8"])
        #expect(await cache.read(details, variables: ["launchId": "8"]) == ["launch": nil])
    }
}
