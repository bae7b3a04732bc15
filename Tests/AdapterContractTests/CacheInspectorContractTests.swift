import Domain
import Ports
import Testing

/// The behaviour every ``CacheInspector`` adapter must share.
@Suite("CacheInspector contract", .timeLimit(.minutes(5)))
struct CacheInspectorContractTests {
    @Test("Nothing cached: no current cache, nothing to remove", arguments: CachedUserDataContractSubject.all)
    func emptyFolder(_ subject: CachedUserDataContractSubject) async throws {
        try await subject.withWorld { world in
            let inspector = try await world.inspector(current: CachedUserDataContractSubject.alice)
            let summary = try await inspector.currentCache()
            #expect(!summary.exists)
            #expect(summary.records == 0)
            try await inspector.removeCurrentCache()
            #expect(try await inspector.removeEveryCache() == 0)
        }
    }

    @Test("The current cache is the current user's only", arguments: CachedUserDataContractSubject.all)
    func currentCacheIsTheCurrentUsers(_ subject: CachedUserDataContractSubject) async throws {
        try await subject.withWorld { world in
            try await world.fill(CachedUserDataContractSubject.alice)
            let alices = try await world.inspector(current: CachedUserDataContractSubject.alice).currentCache()
            #expect(alices.exists)
            #expect(alices.records > 0)
            let bobs = try await world.inspector(current: CachedUserDataContractSubject.bob).currentCache()
            #expect(bobs.records == 0)
            #expect(bobs.path != alices.path)
        }
    }

    @Test("Removing the current cache leaves the other users' caches", arguments: CachedUserDataContractSubject.all)
    func removeCurrentLeavesOthers(_ subject: CachedUserDataContractSubject) async throws {
        try await subject.withWorld { world in
            try await world.fill(CachedUserDataContractSubject.alice)
            try await world.fill(CachedUserDataContractSubject.bob)
            try await world.inspector(current: CachedUserDataContractSubject.alice).removeCurrentCache()
            #expect(try await world.records(of: CachedUserDataContractSubject.alice) == 0)
            #expect(try await world.records(of: CachedUserDataContractSubject.bob) > 0)
            #expect(try await world.inspector(current: CachedUserDataContractSubject.alice).currentCache().records == 0)
        }
    }

    @Test("Removing every cache removes each user's and the anonymous one, and counts them", arguments: CachedUserDataContractSubject.all)
    func removeEveryCacheCounts(_ subject: CachedUserDataContractSubject) async throws {
        try await subject.withWorld { world in
            try await world.fill(CachedUserDataContractSubject.alice)
            try await world.fill(nil)
            #expect(try await world.inspector(current: CachedUserDataContractSubject.bob).removeEveryCache() == 2)
            #expect(try await world.records(of: CachedUserDataContractSubject.alice) == 0)
            #expect(try await world.records(of: nil) == 0)
            #expect(try await world.inspector(current: CachedUserDataContractSubject.bob).removeEveryCache() == 0)
        }
    }

    @Test("Collecting garbage twice finds nothing the second time", arguments: CachedUserDataContractSubject.all)
    func collectGarbageTwice(_ subject: CachedUserDataContractSubject) async throws {
        try await subject.withWorld { world in
            try await world.fill(CachedUserDataContractSubject.alice)
            let inspector = try await world.inspector(current: CachedUserDataContractSubject.alice)
            _ = try await inspector.collectGarbage()
            let second = try await inspector.collectGarbage()
            #expect(second.unreachableRecords == 0)
            #expect(second.danglingReferences == 0)
        }
    }
}
