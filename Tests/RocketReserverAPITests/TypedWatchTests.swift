import Foundation
import GraphQLClient
import GraphQLOperationSupport
import GraphQLTestDoubles
import JSON
import NormalizedCache
import RocketReserverAPI
import Testing

/// `client.watch(query)`: a generated query's typed answer, fetched per cache policy, then
/// followed through the normalized cache.
@Suite(.timeLimit(.minutes(1)))
struct TypedWatchTests {
    private static func launchDetails() throws -> StubHTTPSession.Reply {
        StubHTTPSession.json(try ClientRunTests.fixtureText("LaunchDetails"))
    }

    @Test func nothingCachedIsFetchedThenEveryChangeOfTheRecordsIsYielded() async throws {
        let session = StubHTTPSession([try Self.launchDetails()])
        let cache = NormalizedCache()
        let client = ClientRunTests.client(session, cache: cache)
        var answers = client.watch(LaunchDetailsQuery(launchId: "25")).makeAsyncIterator()
        let first = try #require(try await answers.next())
        #expect(first.source == .network)
        #expect(first.data.launch?.fragments.launchDetailsFields.isBooked == false)
        #expect(session.requestCount == 1)
        await cache.setField("isBooked", of: CacheKeys.key(typename: "Launch", id: "25"), to: .bool(true))
        let changed = try #require(try await answers.next())
        #expect(changed.source == .cache)
        #expect(changed.data.launch?.fragments.launchDetailsFields.isBooked == true)
        #expect(session.requestCount == 1)
    }

    @Test func aCachedAnswerIsYieldedWithoutARequest() async throws {
        let session = StubHTTPSession([try Self.launchDetails()])
        let cache = NormalizedCache()
        let client = ClientRunTests.client(session, cache: cache)
        _ = try await client.run(LaunchDetailsQuery(launchId: "25"))
        var answers = client.watch(LaunchDetailsQuery(launchId: "25")).makeAsyncIterator()
        let first = try #require(try await answers.next())
        #expect(first.source == .cache)
        #expect(first.data.launch?.id == "25")
        #expect(session.requestCount == 1)
    }

    @Test func networkOnlyFetchesEvenWhenCached() async throws {
        let session = StubHTTPSession([try Self.launchDetails()])
        let cache = NormalizedCache()
        let client = ClientRunTests.client(session, cache: cache)
        _ = try await client.run(LaunchDetailsQuery(launchId: "25"))
        var answers = client.watch(LaunchDetailsQuery(launchId: "25"), cachePolicy: .networkOnly).makeAsyncIterator()
        #expect(try await answers.next()?.source == .network)
        #expect(session.requestCount == 2)
    }

    @Test func whenTheCacheCanNoLongerAnswerTheQueryIsFetchedAgain() async throws {
        let session = StubHTTPSession([try Self.launchDetails()])
        let cache = NormalizedCache()
        let client = ClientRunTests.client(session, cache: cache)
        let record = CacheKeys.key(typename: "Launch", id: "25")
        var answers = client.watch(LaunchDetailsQuery(launchId: "25")).makeAsyncIterator()
        _ = try await answers.next()
        await cache.setField("isBooked", of: record, to: .bool(true))
        #expect(try await answers.next()?.data.launch?.fragments.launchDetailsFields.isBooked == true)
        // As after a booking whose outcome is unknown: the field is gone, so the server is asked.
        await cache.removeField("isBooked", of: record)
        let refetched = try #require(try await answers.next())
        #expect(refetched.source == .network)
        #expect(refetched.data.launch?.fragments.launchDetailsFields.isBooked == false)
        #expect(session.requestCount == 2)
    }

    /// The cache's own typed watch (what the app's screens follow): `nil` while nothing is
    /// cached, never a request, then the answer once something else fetched it, then its changes.
    @Test func theCachesTypedWatchYieldsNilUntilCachedThenEachChangeWithoutFetching() async throws {
        let session = StubHTTPSession([try Self.launchDetails()])
        let cache = NormalizedCache()
        let client = ClientRunTests.client(session, cache: cache)
        var answers = cache.watch(LaunchDetailsQuery(launchId: "25")).makeAsyncIterator()
        let nothing = await answers.next()
        #expect(nothing == .some(nil))
        _ = try await client.run(LaunchDetailsQuery(launchId: "25"))
        let fetched = try #require(await answers.next() ?? nil)
        #expect(fetched.launch?.fragments.launchDetailsFields.isBooked == false)
        await cache.setField("isBooked", of: CacheKeys.key(typename: "Launch", id: "25"), to: .bool(true))
        let changed = try #require(await answers.next() ?? nil)
        #expect(changed.launch?.fragments.launchDetailsFields.isBooked == true)
        await cache.removeField("isBooked", of: CacheKeys.key(typename: "Launch", id: "25"))
        // The cache can no longer answer: nil again, and still no request of its own.
        let gone = await answers.next()
        #expect(gone == .some(nil))
        #expect(session.requestCount == 1)
    }

    @Test func cacheOnlyWithNothingCachedEndsWithTheCacheMiss() async throws {
        let session = StubHTTPSession([try Self.launchDetails()])
        let client = ClientRunTests.client(session, cache: NormalizedCache())
        let error = await #expect(throws: GraphQLClientError.self) {
            for try await _ in client.watch(LaunchDetailsQuery(launchId: "25"), cachePolicy: .cacheOnly) {}
        }
        #expect(error?.kind == .cacheMiss)
        #expect(session.requestCount == 0)
    }

    @Test func aFailedFetchEndsTheStreamWithItsError() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"errors":[{"message":"no launch"}]}"#)])
        let client = ClientRunTests.client(session, cache: NormalizedCache())
        let error = await #expect(throws: GraphQLClientError.self) {
            for try await _ in client.watch(LaunchDetailsQuery(launchId: "25")) {}
        }
        #expect(error?.kind == .graphQLErrors([GraphQLError(message: "no launch")]))
    }

    @Test func aClientWithoutACacheOrAMutationCannotBeWatched() async throws {
        let session = StubHTTPSession([try Self.launchDetails()])
        let bare = GraphQLClient(interceptors: [ResponseParsingInterceptor(), NetworkFetchInterceptor(endpoint: URL(string: "http://127.0.0.1:9/graphql")!, session: session)])
        let noCache = await #expect(throws: GraphQLWatchError.self) {
            for try await _ in bare.watch(LaunchDetailsQuery(launchId: "25")) {}
        }
        #expect(noCache?.kind == .noCache)
        #expect(noCache?.description.contains("GraphQLInterceptors.standard") == true)
        // Given the cache explicitly, the same client watches.
        var answers = bare.watch(LaunchDetailsQuery(launchId: "25"), cache: NormalizedCache()).makeAsyncIterator()
        #expect(try await answers.next()?.data.launch?.id == "25")

        let client = ClientRunTests.client(session, cache: NormalizedCache())
        let mutation = await #expect(throws: GraphQLWatchError.self) {
            for try await _ in client.watch(BookTripMutation(id: "25")) {}
        }
        #expect(mutation?.kind == .notAQuery)
    }

    @Test func stoppingIterationEndsTheCacheWatch() async throws {
        let session = StubHTTPSession([try Self.launchDetails()])
        let cache = NormalizedCache()
        let client = ClientRunTests.client(session, cache: cache)
        for try await answer in client.watch(LaunchDetailsQuery(launchId: "25")) {
            #expect(answer.data.launch?.id == "25")
            #expect(await cache.activeWatchers == 1)
            break
        }
        // The watch's task ends on its own once the stream is gone.
        while await cache.activeWatchers != 0 {
            try Task.checkCancellation()
            await Task.yield()
        }
        #expect(await cache.activeWatchers == 0)
    }
}
