import Digests
import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing
import Transport

/// Queries as `GET` (opt-in): the operation in the query string, only the hash with persisted
/// queries; mutations never.
@Suite(.timeLimit(.minutes(5)))
struct GETRequestTests {
    /// The URL's query items, decoded.
    static func items(_ request: HTTPRequest) -> [String: String] {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        return Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aQueryGoesInTheQueryString() async throws {
        let session = StubHTTPSession([PersistedQueryTests.details])
        _ = try await PersistedQueryTests.fetchDetails(PersistedQueryTests.client(session, mode: .off, usesGET: true))
        let request = try #require(session.requests.first)
        #expect(request.method == "GET")
        #expect(request.body.isEmpty)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(request.value(forHTTPHeaderField: "Accept") == GraphQLHTTPEncoding.accept)
        #expect(request.value(forHTTPHeaderField: "Apollo-Require-Preflight") == "true")
        let items = Self.items(request)
        #expect(items["query"] == ClientFixtures.launchDetails.document)
        #expect(items["operationName"] == "LaunchDetails")
        #expect(items["variables"] == #"{"launchId":"25"}"#)
        #expect(items["extensions"] == nil)
        #expect(request.url.path == "/graphql")
    }

    @Test func withPersistedQueriesOnlyTheHashIsSent() async throws {
        let session = StubHTTPSession([PersistedQueryTests.details])
        _ = try await PersistedQueryTests.fetchDetails(PersistedQueryTests.client(session, mode: .automatic, usesGET: true))
        let request = try #require(session.requests.first)
        #expect(request.method == "GET")
        let items = Self.items(request)
        #expect(items["query"] == nil)
        #expect(items["extensions"] == #"{"persistedQuery":{"sha256Hash":"\#(PersistedQueryTests.hash)","version":1}}"#)
        #expect(request.url.absoluteString.utf8.count < 300)
    }

    @Test func theRegisteringRetryIsAPOST() async throws {
        let session = StubHTTPSession([PersistedQueryTests.notFound, PersistedQueryTests.details])
        _ = try await PersistedQueryTests.fetchDetails(PersistedQueryTests.client(session, mode: .automatic, usesGET: true))
        #expect(session.requests.map(\.method) == ["GET", "POST"])
    }

    @Test func reservedCharactersSurviveTheQueryString() throws {
        let operation = GraphQLOperation(.query, name: "Q", variables: ["s": "String"], selections: [GraphQLField("launch", arguments: ["id": .variable("s")], ["id"])])
        var request = GraphQLRequest(operation: operation, variables: ["s": "a+b&c=d é#"])
        request.transmission = GraphQLTransmission()
        let http = GraphQLHTTPEncoding.httpRequest(for: request, endpoint: URL(string: "http://127.0.0.1:1/graphql?x=1")!, timeout: .seconds(1), usesGET: true)
        let items = Self.items(http)
        #expect(items["variables"] == #"{"s":"a+b&c=d é#"}"#)
        #expect(items["x"] == "1")
        #expect(items["query"] == operation.document)
    }

    @Test func aLongDocumentGoesAsPOST() throws {
        let fields = (0..<2_000).map { GraphQLField("site", alias: "a\($0)") }
        let operation = GraphQLOperation(.query, name: "Long", selections: [GraphQLField("launch", arguments: ["id": .literal("1")], fields)])
        let http = GraphQLHTTPEncoding.httpRequest(for: GraphQLRequest(operation: operation), endpoint: ClientFixtures.endpoint, timeout: .seconds(1), usesGET: true)
        #expect(http.method == "POST")
    }
}
