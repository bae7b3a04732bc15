import Domain
import Ports

/// A credential store that keeps the credential in memory, for tests and experiments.
public actor InMemoryCredentialStore: CredentialStore {
    private var stored: Credential?
    private var readFailure: CredentialStoreError?

    /// Creates a store holding `credential` (nobody logged in by default).
    public init(credential: Credential? = nil) {
        self.stored = credential
    }

    public func credential() async throws(CredentialStoreError) -> Credential? {
        if let readFailure { throw readFailure }
        return stored
    }

    public func save(_ credential: Credential) async throws(CredentialStoreError) {
        stored = credential
        readFailure = nil
    }

    public func removeCredential() async throws(CredentialStoreError) {
        stored = nil
        readFailure = nil
    }

    /// Makes the next reads fail as a corrupt store would, until something is saved or removed.
    public func simulateUnreadable(_ detail: String = "simulated corruption") {
        readFailure = .unreadable(detail)
    }
}
