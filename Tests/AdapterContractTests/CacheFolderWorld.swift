import CacheFolder
import Domain
import Foundation
import NormalizedCache
import Ports
import Testing

/// The real adapters over a cache folder on disk: one SQLite database per endpoint and user,
/// named by ``CacheFileLocation``, beside a credentials folder.
struct CacheFolderWorld: CachedUserDataWorld {
    static let endpoint = "https://rocket-reserver-test.invalid/graphql"

    let cacheDirectory: URL
    let credentialsDirectory: URL

    init(folder: URL) throws {
        cacheDirectory = folder.appending(path: "cache", directoryHint: .isDirectory)
        credentialsDirectory = folder.appending(path: "credentials", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: credentialsDirectory, withIntermediateDirectories: true)
    }

    /// The database of `user` for `endpoint`.
    func database(of user: EmailAddress?, endpoint: String = Self.endpoint) -> URL {
        CacheFileLocation.url(in: cacheDirectory, endpoint: endpoint, user: user)
    }

    func cache(of user: EmailAddress?, endpoint: String = Self.endpoint) -> NormalizedCache {
        NormalizedCache(persistence: CacheFileLocation.persistence(of: database(of: user, endpoint: endpoint), maximumBytes: nil))
    }

    func fill(_ user: EmailAddress?) async throws {
        try await fill(user, endpoint: Self.endpoint)
    }

    func fill(_ user: EmailAddress?, endpoint: String) async throws {
        let cache = cache(of: user, endpoint: endpoint)
        await cache.setField("mission", of: "Launch:1", to: .string("Starlink-1"))
        #expect(try await cache.storageSummary().records > 0, "the record was stored")
    }

    func records(of user: EmailAddress?) async throws -> Int {
        try await records(of: user, endpoint: Self.endpoint)
    }

    func records(of user: EmailAddress?, endpoint: String) async throws -> Int {
        let summary = try await cache(of: user, endpoint: endpoint).storageSummary()
        return summary.exists ? summary.records : 0
    }

    func inspector(current: EmailAddress?) async throws -> any CacheInspector {
        CacheFolderInspector(current: cache(of: current), at: database(of: current))
    }

    func userData() async throws -> any UserDataCache {
        CacheFolderUserData(cacheDirectory: cacheDirectory, credentialsDirectory: credentialsDirectory, endpoint: Self.endpoint)
    }
}
