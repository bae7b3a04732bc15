import Domain
import Ports
import Testing

/// The behaviour every ``CredentialStore`` adapter must share.
@Suite("CredentialStore contract", .timeLimit(.minutes(5)))
struct CredentialStoreContractTests {
    static let alice = Credential(email: try! EmailAddress("alice@example.com"), token: AuthToken("YWxpY2VAZXhhbXBsZS5jb20="))
    static let bob = Credential(email: try! EmailAddress("bob@example.org"), token: AuthToken("Ym9iQGV4YW1wbGUub3Jn"))

    @Test("An empty store has no credential", arguments: CredentialStoreContractSubject.all)
    func emptyStoreHasNoCredential(_ subject: CredentialStoreContractSubject) async throws {
        try await subject.withStore { store in
            let credential = try await store.credential()
            #expect(credential == nil)
        }
    }

    @Test("A saved credential is read back equal", arguments: CredentialStoreContractSubject.all)
    func saveThenLoad(_ subject: CredentialStoreContractSubject) async throws {
        try await subject.withStore { store in
            try await store.save(Self.alice)
            #expect(try await store.credential() == Self.alice)
        }
    }

    @Test("Saving again replaces the earlier credential", arguments: CredentialStoreContractSubject.all)
    func saveTwiceReplaces(_ subject: CredentialStoreContractSubject) async throws {
        try await subject.withStore { store in
            try await store.save(Self.alice)
            try await store.save(Self.bob)
            #expect(try await store.credential() == Self.bob)
        }
    }

    @Test("Removing forgets the credential", arguments: CredentialStoreContractSubject.all)
    func removeForgets(_ subject: CredentialStoreContractSubject) async throws {
        try await subject.withStore { store in
            try await store.save(Self.alice)
            try await store.removeCredential()
            #expect(try await store.credential() == nil)
        }
    }

    @Test("Removing from an empty store does nothing", arguments: CredentialStoreContractSubject.all)
    func removeWhenEmpty(_ subject: CredentialStoreContractSubject) async throws {
        try await subject.withStore { store in
            try await store.removeCredential()
            try await store.removeCredential()
            #expect(try await store.credential() == nil)
        }
    }

    @Test("A store can be used again after removing", arguments: CredentialStoreContractSubject.all)
    func saveAfterRemove(_ subject: CredentialStoreContractSubject) async throws {
        try await subject.withStore { store in
            try await store.save(Self.alice)
            try await store.removeCredential()
            try await store.save(Self.bob)
            #expect(try await store.credential() == Self.bob)
        }
    }
}
