import Foundation
import GraphQLClient
import JSON
import NormalizedCache
import SocketTransport
import Synchronization
import Testing
import TestSupport

/// `@defer` against a third-party server: Strawberry on graphql-core 3.3
/// (`Peers/strawberry_defer_peer.py`), over the socket transport on loopback. It answers in
/// graphql-js 17's format; the parts arrive in order, a deferred fragment that fails is
/// reported, and the cache keeps each whole part.
@Suite(.enabled(if: StrawberryDeferPeer.python != nil, Comment(rawValue: StrawberryDeferPeer.unavailableNote)), .timeLimit(.minutes(5)))
struct StrawberryDeferTests {
    static func launch(delayMs: Int, deferring: [GraphQLField]) -> GraphQLOperation {
        GraphQLOperation(.query, name: "DeferredLaunch", selections: [
            GraphQLField("launch", arguments: ["id": .literal("25"), "delayMs": .literal(.int(delayMs))], ["id", "site"] + deferring, possibleTypes: ["Launch"]),
        ])
    }

    static let rocket = GraphQLField("rocket", ["id", "name"], possibleTypes: ["Rocket"], deferral: GraphQLDeferral(label: "Rocket"))

    static func client(_ peer: StrawberryDeferPeer, cache: NormalizedCache) -> GraphQLClient {
        GraphQLClient(interceptors: GraphQLInterceptors.standard(endpoint: peer.endpoint, session: SocketHTTPSession(), timeout: .seconds(60), cache: cache))
    }

    @Test func theInitialPartComesFirstThenTheDeferredOneMergedIn() async throws {
        let peer = try await StrawberryDeferPeer()
        defer { peer.stop() }
        let cache = NormalizedCache()
        let parts = PartLog()
        let whole = try await Self.client(peer, cache: cache).send(
            GraphQLRequest(operation: Self.launch(delayMs: 50, deferring: [Self.rocket]), cachePolicy: .networkOnly)
        ) { parts.append($0) }
        let seen = parts.all
        #expect(seen.count == 2)
        #expect(seen.first?.data?["launch"]?["rocket"] == nil)
        #expect(seen.first?.data?["launch"]?["site"] == "CCAFS SLC 40")
        #expect(seen.map(\.hasNext) == [true, false])
        #expect(seen.last?.deliveries == [GraphQLIncrementalPart.Delivery(path: ["launch"], label: "Rocket")])
        #expect(whole.data["launch"]?["rocket"]?["name"] == "Falcon 9")
        #expect(await cache.record("Rocket:falcon9")?["name"] == .scalar("Falcon 9"))
    }

    @Test func aDeferredFragmentThatFailsIsReported() async throws {
        let peer = try await StrawberryDeferPeer()
        defer { peer.stop() }
        let cache = NormalizedCache()
        let parts = PartLog()
        let broken = GraphQLField("broken", deferral: GraphQLDeferral(label: "Broken"))
        let error = await #expect(throws: GraphQLClientError.self) {
            _ = try await Self.client(peer, cache: cache).send(
                GraphQLRequest(operation: Self.launch(delayMs: 0, deferring: [broken]), cachePolicy: .networkOnly)
            ) { parts.append($0) }
        }
        #expect(parts.all.count == 2)
        #expect(parts.all.last?.errors.map(\.message) == ["the rocket's telemetry is unavailable"])
        guard case .partialData(_, let errors)? = error?.kind else {
            Issue.record("expected partial data, got \(String(describing: error))")
            return
        }
        #expect(errors.map(\.path) == [["launch", "broken"]])
        // The initial part was kept; the one with errors was not.
        #expect(await cache.record("Launch:25")?["site"] == .scalar("CCAFS SLC 40"))
        #expect(await cache.record("Launch:25")?["broken"] == nil)
    }
}
