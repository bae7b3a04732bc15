import Domain
import Foundation
import Testing
import TestSupport

/// One pair of ``CacheInspector`` and ``UserDataCache`` adapters the contract suites run against.
struct CachedUserDataContractSubject: Sendable, CustomTestStringConvertible {
    /// The adapters' name, shown in test results.
    let name: String
    /// Makes an empty world; file-backed ones use the given fresh folder.
    let make: @Sendable (URL) throws -> any CachedUserDataWorld

    var testDescription: String { name }

    /// Two users whose data the contracts cache.
    static let alice = try! EmailAddress("alice@example.com")
    static let bob = try! EmailAddress("bob@example.org")

    /// Every adapter of the two ports.
    static let all: [Self] = [
        Self(name: "InMemoryGateway") { _ in InMemoryCachedUserDataWorld() },
        Self(name: "CacheFolder") { folder in try CacheFolderWorld(folder: folder) },
    ]

    /// Runs `body` with a fresh empty world whose files (if any) are removed afterwards.
    func withWorld(_ body: (any CachedUserDataWorld) async throws -> Void) async throws {
        let folder = try TemporaryDirectory(prefix: "cached-user-data")
        defer { folder.remove() }
        try await body(make(folder.url))
    }
}
