import CacheFolder
import Domain
import Foundation
import Testing
import TestSupport

/// What the cache-folder adapters do beyond the contracts: endpoints, file names and leftovers.
@Suite("Cache folder adapters", .timeLimit(.minutes(5)))
struct CacheFolderAdapterTests {
    static let alice = try! EmailAddress("alice@example.com")
    static let otherEndpoint = "https://other-endpoint.invalid/graphql"

    /// Runs `body` with the real adapters over a fresh folder, removed afterwards.
    static func withWorld(_ body: (CacheFolderWorld) async throws -> Void) async throws {
        let folder = try TemporaryDirectory(prefix: "cache-folder")
        defer { folder.remove() }
        try await body(try CacheFolderWorld(folder: folder.url))
    }

    static func names(in folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    @Test func removingUserDataDeletesTheUsersFilesAndLeavesOtherEndpoints() async throws {
        try await Self.withWorld { world in
            try await world.fill(Self.alice)
            try await world.fill(Self.alice, endpoint: Self.otherEndpoint)
            let alices = world.database(of: Self.alice).lastPathComponent
            #expect(try Self.names(in: world.cacheDirectory).contains(alices))
            try await world.userData().removeAll()
            let left = try Self.names(in: world.cacheDirectory)
            #expect(!left.contains { $0.contains(alices) }, "no database, companion or lock file of the user is left: \(left)")
            #expect(try await world.records(of: Self.alice, endpoint: Self.otherEndpoint) > 0)
        }
    }

    @Test func removingUserDataSweepsStaleTemporaryFilesFromBothFolders() async throws {
        try await Self.withWorld { world in
            // Hidden `.tmp` files without a pid, unlocked: what a killed older version leaves.
            for folder in [world.cacheDirectory, world.credentialsDirectory] {
                try Data("token".utf8).write(to: folder.appending(path: ".keychain.tmp"))
            }
            try await world.userData().removeAll()
            #expect(try Self.names(in: world.cacheDirectory).isEmpty)
            #expect(try Self.names(in: world.credentialsDirectory).isEmpty)
        }
    }

    @Test func removingEveryCacheTakesEveryEndpointAndLeavesOtherFiles() async throws {
        try await Self.withWorld { world in
            try await world.fill(Self.alice)
            try await world.fill(nil, endpoint: Self.otherEndpoint)
            let schema = CacheFileLocation.schemaURL(in: world.cacheDirectory, endpoint: CacheFolderWorld.endpoint)
            try Data("type Query { a: Int }".utf8).write(to: schema)
            let notes = world.cacheDirectory.appending(path: "notes.txt")
            try Data("mine".utf8).write(to: notes)
            let removed = try await world.inspector(current: nil).removeEveryCache()
            #expect(removed == 2)
            #expect(try Self.names(in: world.cacheDirectory) == [schema.lastPathComponent, "notes.txt"])
        }
    }

    @Test func theCurrentCacheSummaryNamesItsDatabase() async throws {
        try await Self.withWorld { world in
            try await world.fill(Self.alice)
            let summary = try await world.inspector(current: Self.alice).currentCache()
            #expect(summary.path == world.database(of: Self.alice).path)
            #expect(summary.bytes > 0)
            #expect(summary.oldestRecordAge != nil)
        }
    }
}
