import Domain

/// Keeps the signed-in user's credential between runs (the tutorial's keychain).
///
/// A store is already scoped to one endpoint: a credential read from it is only ever sent
/// to the endpoint that issued it. A refresh-token flow fits behind this port as an adapter
/// that keeps the refresh token beside the access token and renews it inside
/// ``credential()``; the use cases do not change.
public protocol CredentialStore: Sendable {
    /// The stored credential, or `nil` when nobody is logged in.
    /// - Throws: ``CredentialStoreError/unreadable(_:)`` when something is stored but cannot be read.
    func credential() async throws(CredentialStoreError) -> Credential?

    /// Stores the credential, replacing any earlier one.
    /// - Throws: ``CredentialStoreError/unwritable(_:)`` when it cannot be kept.
    func save(_ credential: Credential) async throws(CredentialStoreError)

    /// Forgets the stored credential; does nothing when none is stored.
    /// - Throws: ``CredentialStoreError/unremovable(_:)`` when it cannot be removed.
    func removeCredential() async throws(CredentialStoreError)
}
