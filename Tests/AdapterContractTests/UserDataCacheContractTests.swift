import Domain
import Ports
import Testing

/// The behaviour every ``UserDataCache`` adapter must share.
@Suite("UserDataCache contract", .timeLimit(.minutes(5)))
struct UserDataCacheContractTests {
    @Test("Removing when nothing is cached does nothing, twice", arguments: CachedUserDataContractSubject.all)
    func removeWhenEmpty(_ subject: CachedUserDataContractSubject) async throws {
        try await subject.withWorld { world in
            let userData = try await world.userData()
            try await userData.removeAll()
            try await userData.removeAll()
            #expect(try await world.records(of: CachedUserDataContractSubject.alice) == 0)
        }
    }

    @Test("Removing forgets every user's data and keeps the anonymous cache", arguments: CachedUserDataContractSubject.all)
    func removeForgetsEveryUserButNotAnonymous(_ subject: CachedUserDataContractSubject) async throws {
        try await subject.withWorld { world in
            try await world.fill(CachedUserDataContractSubject.alice)
            try await world.fill(CachedUserDataContractSubject.bob)
            try await world.fill(nil)
            try await world.userData().removeAll()
            #expect(try await world.records(of: CachedUserDataContractSubject.alice) == 0)
            #expect(try await world.records(of: CachedUserDataContractSubject.bob) == 0)
            #expect(try await world.records(of: nil) > 0)
        }
    }

    @Test("A user's cache can be filled again after removing", arguments: CachedUserDataContractSubject.all)
    func fillAfterRemove(_ subject: CachedUserDataContractSubject) async throws {
        try await subject.withWorld { world in
            try await world.fill(CachedUserDataContractSubject.alice)
            try await world.userData().removeAll()
            try await world.fill(CachedUserDataContractSubject.alice)
            #expect(try await world.records(of: CachedUserDataContractSubject.alice) > 0)
        }
    }
}
