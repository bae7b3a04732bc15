import JSONFileCredentialStore
import Foundation
import InMemoryAdapters
import Ports
import Testing

/// One credential store implementation the contract suite runs against.
struct CredentialStoreContractSubject: Sendable, CustomTestStringConvertible {
    /// The adapter's name, shown in test results.
    let name: String
    /// Makes an empty store; file-backed stores may use the given fresh folder.
    let make: @Sendable (URL) -> any CredentialStore

    var testDescription: String { name }

    /// Every adapter of the ``CredentialStore`` port.
    static let all: [Self] = [
        Self(name: "InMemoryCredentialStore") { _ in InMemoryCredentialStore() },
        Self(name: "JSONFileCredentialStore") { folder in
            // A folder that does not exist yet: the store must create it on first save.
            JSONFileCredentialStore(directory: folder.appending(path: "keychain"), endpoint: "https://rocket-reserver-test.invalid/graphql")
        },
    ]

    /// Runs `body` with a fresh empty store whose files (if any) are removed afterwards.
    func withStore(_ body: (any CredentialStore) async throws -> Void) async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            try await body(make(folder))
        }
    }
}
