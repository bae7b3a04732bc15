import Foundation
import GraphQLClient
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing

/// The cache writes each part of a deferred answer as it arrives, and a watch sees each one.
@Suite(.timeLimit(.minutes(5)))
struct DeferredCacheWatchTests {
    typealias Fixture = DeferredOperationFixture

    @Test func aWatcherSeesTheInitialPartThenTheDeferredOne() async throws {
        let cache = NormalizedCache()
        let watch = cache.watch(Fixture.operation)
        var answers = watch.makeAsyncIterator()
        #expect(await answers.next() == .some(nil))
        // The rocket's part leaves only once the watcher saw the initial one.
        let seen = AsyncStream<Void>.makeStream()
        let text = Fixture.apollo
        let split = text.range(of: "{}")!.lowerBound
        let session = ScriptedStreamingSession(
            headers: ["Content-Type": "multipart/mixed; boundary=\"-\"; deferSpec=20220824"],
            pieces: [Data(text[..<split].utf8), Data(text[split...].utf8)],
            beforePiece: { index in
                guard index == 1 else { return }
                for await _ in seen.stream { break }
            }
        )
        async let run = Fixture.run(Fixture.client(session, cache: cache))
        #expect(await answers.next() == .some(Fixture.initialData))
        seen.continuation.yield()
        #expect(await answers.next() == .some(Fixture.merged))
        let (parts, error) = await run
        #expect(error == nil)
        #expect(parts.count == 2)
    }

    @Test func noCacheWritesNoPart() async throws {
        let cache = NormalizedCache()
        let session = ScriptedStreamingSession(multipart: Fixture.apollo, boundary: "-")
        let (parts, _) = await Fixture.run(Fixture.client(session, cache: cache), policy: .noCache)
        #expect(parts.count == 2)
        #expect(await cache.record("Launch:25") == nil)
    }
}
