import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing

@Suite(.timeLimit(.minutes(5)))
struct CachePolicyTests {
    private let details = ClientFixtures.launchDetails
    private let variables: [String: JSONValue] = ["launchId": "25"]

    @Test func cacheFirstAnswersFromTheCacheWithoutARequest() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody())])
        let client = ClientFixtures.client(session)
        let first = try await client.fetch(details, variables: variables, cachePolicy: .cacheFirst)
        let second = try await client.fetch(details, variables: variables, cachePolicy: .cacheFirst)
        #expect(first.source == .network)
        #expect(second.source == .cache)
        #expect(second.data == first.data)
        #expect(session.requestCount == 1)
    }

    @Test func cacheFirstServesAPrefilledCacheWithZeroRequests() async throws {
        let cache = NormalizedCache()
        let data = try #require(try GraphQLResponseDecoder.decode(.init(ClientFixtures.detailsBody().utf8)).data)
        try await cache.write(data, for: details, variables: variables)
        let session = StubHTTPSession([.failure(.connectionRefused)])
        let result = try await ClientFixtures.client(session, cache: cache).fetch(details, variables: variables, cachePolicy: .cacheFirst)
        #expect(result.data == data)
        #expect(session.requestCount == 0)
    }

    @Test func networkOnlyAlwaysAsksAndRefreshesTheCache() async throws {
        let session = StubHTTPSession([
            StubHTTPSession.json(ClientFixtures.detailsBody(site: "First")),
            StubHTTPSession.json(ClientFixtures.detailsBody(site: "Second")),
        ])
        let cache = NormalizedCache()
        let client = ClientFixtures.client(session, cache: cache)
        _ = try await client.fetch(details, variables: variables, cachePolicy: .networkOnly)
        let second = try await client.fetch(details, variables: variables, cachePolicy: .networkOnly)
        #expect(second.source == .network)
        #expect(second.data["launch"]?["site"] == "Second")
        #expect(session.requestCount == 2)
        #expect(await cache.read(details, variables: variables)?["launch"]?["site"] == "Second")
    }

    @Test func cacheOnlyMissesWithoutARequest() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody())])
        let client = ClientFixtures.client(session)
        let error = await #expect(throws: GraphQLClientError.self) {
            try await client.fetch(details, variables: variables, cachePolicy: .cacheOnly)
        }
        #expect(error?.kind == .cacheMiss)
        #expect(session.requestCount == 0)
        _ = try await client.fetch(details, variables: variables, cachePolicy: .networkOnly)
        #expect(try await client.fetch(details, variables: variables, cachePolicy: .cacheOnly).source == .cache)
    }

    @Test func networkFirstFallsBackToTheCacheWhenTheServerIsUnreachable() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody()), .failure(.connectionRefused)])
        let client = ClientFixtures.client(session)
        #expect(try await client.fetch(details, variables: variables, cachePolicy: .networkFirst).source == .network)
        #expect(try await client.fetch(details, variables: variables, cachePolicy: .networkFirst).source == .cache)
        let error = await #expect(throws: GraphQLClientError.self) {
            try await client.fetch(details, variables: ["launchId": "26"], cachePolicy: .networkFirst)
        }
        #expect(error?.kind == .transport(.connectionRefused))
    }

    @Test func noCacheAndFailedAnswersAreNotStored() async throws {
        let partial = #"{"data":{"launch":{"__typename":"Launch","id":"25"}},"errors":[{"message":"x"}]}"#
        let session = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody()), StubHTTPSession.json(partial)])
        let cache = NormalizedCache()
        let client = ClientFixtures.client(session, cache: cache)
        _ = try await client.fetch(details, variables: variables, cachePolicy: .noCache)
        #expect(await cache.record("QUERY_ROOT") == nil)
        await #expect(throws: GraphQLClientError.self) { try await client.fetch(details, variables: variables, cachePolicy: .networkOnly) }
        #expect(await cache.record("Launch:25") == nil)
    }
}
