import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing
import Transport

/// An endpoint that answered `PersistedQueryNotSupported` is kept in the cache's database, so
/// the next process (a new cache on the same file) sends full documents without asking.
@Suite(.timeLimit(.minutes(1)))
struct PersistedQueryMemoryTests {
    static let notSupported = StubHTTPSession.json(#"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#)

    static func client(_ session: StubHTTPSession, cache: NormalizedCache, endpoint: URL = ClientFixtures.endpoint) -> GraphQLClient {
        GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: endpoint, session: session, cache: cache, retry: RetryInterceptor(delays: []), persistedQueries: .automatic
        ))
    }

    static func sendsDocument(_ request: HTTPRequest) -> Bool {
        (try? JSONParser.parse(request.body))?["query"] != nil
    }

    @Test func theNextProcessSendsFullDocumentsAtOnce() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        let first = StubHTTPSession([Self.notSupported, StubHTTPSession.json(ClientFixtures.detailsBody())])
        _ = try await Self.client(first, cache: NormalizedCache(persistence: .sqlite(at: file, maximumBytes: nil)))
            .fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
        #expect(first.requests.map(Self.sendsDocument) == [false, true])

        let second = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody())])
        _ = try await Self.client(second, cache: NormalizedCache(persistence: .sqlite(at: file, maximumBytes: nil)))
            .fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
        #expect(second.requests.map(Self.sendsDocument) == [true])

        // Another endpoint on the same cache still asks.
        let other = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody())])
        _ = try await Self.client(other, cache: NormalizedCache(persistence: .sqlite(at: file, maximumBytes: nil)), endpoint: URL(string: "http://127.0.0.1:4001/graphql")!)
            .fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
        #expect(other.requests.map(Self.sendsDocument) == [false])
    }

    @Test func clearingTheCacheForgetsIt() async throws {
        let cache = NormalizedCache()
        let memory = PersistedQueryMemory.kept(in: cache, for: ClientFixtures.endpoint)
        await memory.noteUnsupported()
        #expect(await memory.isUnsupported())
        #expect(await cache.setting(named: "persisted-queries-unsupported " + ClientFixtures.endpoint.absoluteString) == 1)
        try await cache.removeAll()
        #expect(await PersistedQueryMemory.kept(in: cache, for: ClientFixtures.endpoint).isUnsupported() == false)
    }
}
