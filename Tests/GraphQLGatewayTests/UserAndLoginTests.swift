import Domain
import Foundation
import GraphQLTestDoubles
import GraphQLGateway
import JSON
import NormalizedCache
import Ports
import Testing

@Suite(.timeLimit(.minutes(5)))
struct UserAndLoginTests {
    @Test func mapsTheUserAndSkipsNullTrips() async throws {
        let session = StubHTTPSession([GatewayFixture.myTrips])
        let user = try await GatewayFixture.gateway(session).trips.currentUser()
        #expect(user == User(email: try EmailAddress("me@example.com"), trips: [
            Trip(launch: Launch(id: LaunchID(trusted: "25"), site: "KSC LC 39A", mission: Mission(name: "Starlink-3", missionPatch: nil))),
        ]))
        let body = try JSONParser.parse(try #require(session.requests.first?.httpBody))
        #expect(body["operationName"] == "MyTrips")
        #expect(session.requests.first?.value(forHTTPHeaderField: "Authorization") == GatewayFixture.token)
    }

    @Test func anonymousUserIsNil() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"me":null}}"#)])
        #expect(try await GatewayFixture.gateway(session).trips.currentUser() == nil)
    }

    @Test func loginReturnsTheTokenAndNeverCachesIt() async throws {
        let folder = GatewayFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("user.cache")
        let cache = NormalizedCache(persistence: .sqlite(at: file))
        let session = StubHTTPSession([
            StubHTTPSession.json(#"{"data":{"login":{"__typename":"User","id":"1","token":"bWVAZXhhbXBsZS5jb20="}}}"#),
            GatewayFixture.details(),
        ])
        let gateway = GatewayFixture.gateway(session, cache: cache)
        let token = try await gateway.authenticator.logIn(email: EmailAddress("me@example.com"))
        #expect(token?.rawValue == "bWVAZXhhbXBsZS5jb20=")
        #expect(await cache.record("User:1") == nil)
        _ = try await gateway.launches.launchDetails(id: LaunchID("25"), freshness: .fromServer)
        let stored = try Data(contentsOf: file) + Data(contentsOf: URL(fileURLWithPath: file.path + "-wal"))
        #expect(stored.count > 4_096, "the details were stored")
        #expect(stored.range(of: Data("bWVAZXhhbXBsZS5jb20=".utf8)) == nil)
        let body = try JSONParser.parse(try #require(session.requests.first?.httpBody))
        #expect(body["variables"] == ["email": "me@example.com"])
        #expect(body["query"]?.stringValue?.contains("login(email: $email) { __typename token }") == true)
    }

    @Test(arguments: [#"{"data":{"login":null}}"#, #"{"data":{"login":{"__typename":"User","token":null}}}"#])
    func refusedLoginIsNil(_ body: String) async throws {
        let session = StubHTTPSession([StubHTTPSession.json(body)])
        #expect(try await GatewayFixture.gateway(session).authenticator.logIn(email: EmailAddress("bad@example.com")) == nil)
    }
}
