import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing

@Suite(.timeLimit(.minutes(5)))
struct InterceptorTests {
    private let ok = StubHTTPSession.json(ClientFixtures.detailsBody())

    @Test func interceptorsRunInOrderAndUnwindInReverse() async throws {
        let log = LineLog()
        let session = StubHTTPSession([ok])
        let client = GraphQLClient(interceptors: [
            RecordingInterceptor(name: "first", log: log),
            RecordingInterceptor(name: "second", log: log),
            ResponseParsingInterceptor(),
            NetworkFetchInterceptor(endpoint: ClientFixtures.endpoint, session: session),
        ])
        _ = try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"])
        #expect(log.all == ["first in", "second in", "second out", "first out"])
    }

    @Test func standardChainOrder() {
        let chain = GraphQLInterceptors.standard(
            endpoint: ClientFixtures.endpoint, session: StubHTTPSession([]), cache: NormalizedCache(),
            authorization: AuthorizationInterceptor { nil },
            additional: [RecordingInterceptor(name: "mine", log: LineLog())]
        )
        #expect(chain.map { String(describing: type(of: $0)) } == [
            "RecordingInterceptor", "CacheReadInterceptor", "AuthorizationInterceptor", "CacheWriteInterceptor",
            "RetryInterceptor", "ResponseParsingInterceptor", "IncrementalFetchInterceptor", "NetworkFetchInterceptor",
        ])
    }

    @Test func cacheHitsNeverReachLaterInterceptors() async throws {
        let log = LineLog()
        let session = StubHTTPSession([ok])
        let cache = NormalizedCache()
        var chain = GraphQLInterceptors.standard(endpoint: ClientFixtures.endpoint, session: session, cache: cache)
        chain.insert(RecordingInterceptor(name: "after cache read", log: log), at: 1)
        let client = GraphQLClient(interceptors: chain)
        _ = try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"])
        _ = try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"])
        #expect(log.all == ["after cache read in", "after cache read out"])
        #expect(session.requestCount == 1)
    }

    @Test(arguments: [
        (String?.none, AuthorizationInterceptor.Scheme.raw, String?.none),
        ("", .raw, nil),
        ("tok123", .raw, "tok123"),
        ("tok123", .bearer, "Bearer tok123"),
    ])
    func authorizationHeaderOnlyWithAToken(token: String?, scheme: AuthorizationInterceptor.Scheme, expected: String?) async throws {
        let session = StubHTTPSession([ok])
        let client = ClientFixtures.client(session, token: { token }, scheme: scheme)
        _ = try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"])
        #expect(session.requests.first?.value(forHTTPHeaderField: "Authorization") == expected)
    }

    @Test func tokenClosureErrorsPassThroughUnchanged() async {
        struct KeychainBroken: Error {}
        let session = StubHTTPSession([ok])
        let client = ClientFixtures.client(session, token: { throw KeychainBroken() })
        await #expect(throws: KeychainBroken.self) {
            try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
        }
        #expect(session.requestCount == 0)
    }

    @Test func postsOperationAsJSON() async throws {
        let session = StubHTTPSession([ok])
        let client = ClientFixtures.client(session)
        _ = try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"])
        let request = try #require(session.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url == ClientFixtures.endpoint)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/graphql-response+json, application/json;q=0.9")
        let body = try JSONParser.parse(try #require(request.httpBody))
        #expect(body == [
            "operationName": "LaunchDetails",
            "query": .string(ClientFixtures.launchDetails.document),
            "variables": ["launchId": "25"],
        ])
    }

    @Test func anAnonymousOperationIsSentWithoutAName() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"__typename":"Query"}}"#)])
        let anonymous = GraphQLOperation(.query, name: "", selections: [GraphQLField("__typename")])
        _ = try await ClientFixtures.client(session).fetch(anonymous)
        let body = try JSONParser.parse(try #require(session.requests.first?.httpBody))
        #expect(body["operationName"] == .null)
    }

    @Test func anObjectArgumentKeepsItsVariablesInTheDocumentAndResolvesThemForTheCache() async throws {
        let filter = GraphQLInputValue.object([GraphQLObjectMember("text", .variable("t")), GraphQLObjectMember("limit", .literal(.int(5)))])
        let operation = GraphQLOperation(
            .query, name: "Q", variables: ["t": "String"], selections: [GraphQLField("search", arguments: ["filter": filter], [GraphQLField("id")])]
        )
        #expect(operation.document.contains("search(filter: {text: $t, limit: 5})"), "\(operation.document)")
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"search":{"__typename":"Item","id":"1"}}}"#)])
        let cache = NormalizedCache()
        let client = ClientFixtures.client(session, cache: cache)
        _ = try await client.fetch(operation, variables: ["t": "moon"])
        let keys = await cache.record("QUERY_ROOT")?.keys.sorted() ?? []
        #expect(keys.contains(#"search({"filter":{"limit":5,"text":"moon"}})"#), "\(keys)")
        // Another value of the variable is another cache entry; a left-out one is left out of the object.
        _ = try await client.fetch(operation, variables: [:])
        let later = await cache.record("QUERY_ROOT")?.keys.sorted() ?? []
        #expect(later.contains(#"search({"filter":{"limit":5}})"#), "\(later)")
    }

    @Test func leftOutVariablesAreNotSent() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"c","hasMore":false,"launches":[]}}}"#)])
        _ = try await ClientFixtures.client(session).fetch(LaunchListFixture.operation, variables: ["pageSize": 5])
        let body = try JSONParser.parse(try #require(session.requests.first?.httpBody))
        #expect(body["variables"] == ["pageSize": 5])
    }
}
