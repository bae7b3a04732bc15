import Foundation
import GraphQLClient
import GraphQLClientFixtures
import JSON
import NormalizedCache
import Testing

/// Settings kept with the cache (what a subscription client remembers about its endpoint): the
/// next cache on the same persistence finds them; they are not records; clearing forgets them.
@Suite(.timeLimit(.minutes(1)))
struct CacheSettingsTests {
    @Test(arguments: CacheBackendContractTests.Backend.allCases)
    func aSettingOutlivesTheCacheThatStoredItAndIsNoRecord(_ backend: CacheBackendContractTests.Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let persistence = backend.persistence(in: folder)
        let first = NormalizedCache(persistence: persistence)
        #expect(await first.setting(named: "subscription-protocol ws://127.0.0.1:1/graphql") == nil)
        await first.storeSetting(2, named: "subscription-protocol ws://127.0.0.1:1/graphql")
        await first.storeSetting(1, named: "subscription-protocol ws://127.0.0.1:2/graphql")
        let second = NormalizedCache(persistence: persistence)
        #expect(await second.setting(named: "subscription-protocol ws://127.0.0.1:1/graphql") == 2)
        #expect(await second.setting(named: "subscription-protocol ws://127.0.0.1:2/graphql") == 1)
        #expect(try await second.storageSummary().records == 0)
        await second.storeSetting(1, named: "subscription-protocol ws://127.0.0.1:1/graphql")
        #expect(await first.setting(named: "subscription-protocol ws://127.0.0.1:1/graphql") == 1)
        await second.storeSetting(nil, named: "subscription-protocol ws://127.0.0.1:1/graphql")
        #expect(await first.setting(named: "subscription-protocol ws://127.0.0.1:1/graphql") == nil)
    }

    @Test(arguments: CacheBackendContractTests.Backend.allCases)
    func clearingTheCacheForgetsItsSettings(_ backend: CacheBackendContractTests.Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NormalizedCache(persistence: backend.persistence(in: folder))
        await cache.storeSetting(2, named: "remembered")
        try await cache.removeAll()
        #expect(await cache.setting(named: "remembered") == nil)
    }

    @Test func aSettingIsNeverTakenForTheMutationCount() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NormalizedCache(persistence: .sqlite(at: folder.appendingPathComponent("c.sqlite"), maximumBytes: nil))
        let before = try await cache.mutationStamp()
        await cache.storeSetting(41, named: "mutations")
        #expect(try await cache.mutationStamp() == before)
        #expect(await cache.setting(named: "mutations") == 41)
    }
}
