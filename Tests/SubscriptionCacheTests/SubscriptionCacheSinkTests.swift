import GraphQLClient
import SubscriptionCache
import JSON
import NormalizedCache
import Testing

/// Subscription events reach the normalized cache through ``SubscriptionCacheSink``: objects
/// update their records (and wake a watch that read them); scalar events write nothing.
@Suite(.timeLimit(.minutes(5))) struct SubscriptionCacheSinkTests {
    static let launchBooked = GraphQLSubscriptionOperation(
        name: "LaunchBooked", variables: ["id": "ID!"],
        selections: [GraphQLField("launchBooked", arguments: ["id": .variable("id")], [GraphQLField("id"), GraphQLField("isBooked")])]
    )
    static let launch = GraphQLOperation(
        .query, name: "Launch", selections: [GraphQLField("launch", arguments: ["id": .literal("5")], [GraphQLField("id"), GraphQLField("isBooked")])]
    )

    @Test func anEventsObjectsUpdateTheirRecordsAndWakeAWatch() async throws {
        let cache = NormalizedCache()
        try await cache.write(["launch": ["__typename": "Launch", "id": "5", "isBooked": false]], for: Self.launch)
        var answers = cache.watch(Self.launch).makeAsyncIterator()
        #expect(Self.isBooked(await answers.next()) == .bool(false))

        let sink = SubscriptionCacheSink.writing(to: cache)
        await sink(Self.launchBooked, ["launchBooked": ["__typename": "Launch", "id": "5", "isBooked": true]], ["id": "5"])
        #expect(Self.isBooked(await answers.next()) == .bool(true))
        #expect(await cache.record("Launch:5") != nil)
    }

    /// `launch.isBooked` of a watch's answer (`nil` when the stream ended or the cache missed).
    static func isBooked(_ answer: [String: JSONValue]??) -> JSONValue? {
        guard case .some(.some(let data)) = answer else { return nil }
        return data["launch"]?["isBooked"]
    }

    @Test func aScalarEventWritesNothing() async throws {
        let cache = NormalizedCache()
        let sink = SubscriptionCacheSink.writing(to: cache)
        let tripsBooked = GraphQLSubscriptionOperation(name: "TripsBooked", selections: [GraphQLField("tripsBooked")])
        await sink(tripsBooked, ["tripsBooked": 2], [:])
        #expect(try await cache.storageSummary().records == 0)
        // An event holding an object is written: the count above could have moved.
        await sink(Self.launchBooked, ["launchBooked": ["__typename": "Launch", "id": "7", "isBooked": true]], ["id": "7"])
        #expect(try await cache.storageSummary().records > 0)
        #expect(await cache.record("Launch:7") != nil)
    }
}
