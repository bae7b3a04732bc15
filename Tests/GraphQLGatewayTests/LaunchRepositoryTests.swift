import Domain
import GraphQLTestDoubles
import GraphQLGateway
import JSON
import Ports
import Testing

@Suite(.timeLimit(.minutes(5)))
struct LaunchRepositoryTests {
    @Test func mapsAPageSkippingNullEntries() async throws {
        let session = StubHTTPSession([GatewayFixture.launchList])
        let page = try await GatewayFixture.gateway(session).launches.launchPage(LaunchPageRequest(pageSize: 2, after: "c0"))
        #expect(page == LaunchPage(
            launches: [
                Launch(id: LaunchID(trusted: "25"), site: "KSC LC 39A",
                       mission: Mission(name: "Starlink-3", missionPatch: "https://images.rocketreserver.invalid/small.png")),
                Launch(id: LaunchID(trusted: "24"), site: nil, mission: nil),
            ],
            cursor: "1583556631",
            hasMore: true
        ))
        let body = try JSONParser.parse(try #require(session.requests.first?.httpBody))
        #expect(body["operationName"] == "LaunchList")
        #expect(body["variables"] == ["pageSize": 2, "cursor": "c0"])
        #expect(body["query"]?.stringValue?.contains("launches(pageSize: $pageSize, after: $cursor)") == true)
        #expect(body["query"]?.stringValue?.contains("missionPatch(size: SMALL)") == true)
    }

    @Test func pagesAreAlwaysFetched() async throws {
        let session = StubHTTPSession([GatewayFixture.launchList])
        let launches = GatewayFixture.gateway(session).launches
        _ = try await launches.launchPage(LaunchPageRequest())
        _ = try await launches.launchPage(LaunchPageRequest())
        #expect(session.requestCount == 2)
        let body = try JSONParser.parse(try #require(session.requests.first?.httpBody))
        #expect(body["variables"] == [:])
    }

    @Test func mapsDetails() async throws {
        let session = StubHTTPSession([GatewayFixture.details(isBooked: true)])
        let details = try await GatewayFixture.gateway(session).launches.launchDetails(id: LaunchID("25"), freshness: .fromServer)
        #expect(details == LaunchDetails(
            launch: Launch(id: LaunchID(trusted: "25"), site: "KSC LC 39A",
                           mission: Mission(name: "Starlink-3", missionPatch: "https://images.rocketreserver.invalid/large.png")),
            rocket: Rocket(id: "falcon9", name: "Falcon 9", type: "FT"),
            isBooked: true
        ))
        let query = try JSONParser.parse(try #require(session.requests.first?.httpBody))["query"]?.stringValue ?? ""
        #expect(query.contains("missionPatch(size: LARGE)"))
        #expect(query.contains("rocket { __typename id name type }"))
    }

    @Test func cachedDetailsNeedNoRequestButFromServerAlwaysAsks() async throws {
        let session = StubHTTPSession([GatewayFixture.details(isBooked: false), GatewayFixture.details(isBooked: true)])
        let launches = GatewayFixture.gateway(session).launches
        let id = try LaunchID("25")
        _ = try await launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        _ = try await launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        #expect(session.requestCount == 1)
        #expect(try await launches.launchDetails(id: id, freshness: .fromServer)?.isBooked == true)
        #expect(session.requestCount == 2)
        #expect(try await launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == true)
        #expect(session.requestCount == 2)
    }

    @Test func unknownLaunchIsNil() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"launch":null}}"#)])
        #expect(try await GatewayFixture.gateway(session).launches.launchDetails(id: LaunchID("999"), freshness: .fromServer) == nil)
    }
}
