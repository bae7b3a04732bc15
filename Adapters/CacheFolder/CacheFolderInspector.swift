#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NormalizedCache
import Ports
import POSIXSupport

/// The cache folder's databases (`cache-<endpoint>-<user>.sqlite`, see ``CacheFileLocation``):
/// the current one's summary and garbage collection, and removing all of them under each
/// database's lock.
public struct CacheFolderInspector: CacheInspector {
    /// The current endpoint and user's cache: the one the commands use.
    let current: NormalizedCache
    /// The current cache's database, in the folder every endpoint's and user's cache is in.
    let currentURL: URL

    /// Sees the cache folder from the current cache's database.
    /// - Parameters:
    ///   - current: The cache the commands use, persisted at `currentURL`.
    ///   - currentURL: Its database (``CacheFileLocation/url(in:endpoint:user:)``); the other
    ///     caches are the databases beside it.
    public init(current: NormalizedCache, at currentURL: URL) {
        self.current = current
        self.currentURL = currentURL
    }

    /// The folder every endpoint's and user's cache is in.
    var directory: URL { currentURL.deletingLastPathComponent() }

    public func currentCache() async throws -> CacheSummary {
        do {
            let summary = try await current.storageSummary()
            return CacheSummary(
                path: currentURL.path, exists: summary.exists, bytes: summary.bytes, records: summary.records,
                oldestRecordAge: summary.receivedRange.map { Self.age(of: $0.lowerBound) },
                newestRecordAge: summary.receivedRange.map { Self.age(of: $0.upperBound) }
            )
        } catch {
            throw CacheInspectorError.unreadable("\(error)")
        }
    }

    public func collectGarbage() async throws -> CacheCollection {
        let report = await current.collectGarbage()
        return CacheCollection(unreachableRecords: report.unreachableRecords, danglingReferences: report.danglingReferences)
    }

    public func removeCurrentCache() async throws {
        do {
            // Through the cache itself, so a mutation in progress elsewhere is waited for.
            try await current.removeAll()
        } catch {
            throw CacheInspectorError.unremovable("\(error)")
        }
    }

    public func removeEveryCache() async throws -> Int {
        let listed: [String]?
        do {
            listed = try FileIO.names(in: directory.path)
        } catch {
            throw CacheInspectorError.unreadable("\(directory.path): \(error.reason)")
        }
        guard let names = listed else { return 0 }
        var removed = 0
        let databases = Set(names.compactMap(CacheFileLocation.databaseName(of:)))
        for name in databases.sorted() {
            let file = directory.appendingPathComponent(name)
            do {
                // Through the cache itself, so a mutation in progress elsewhere is waited for.
                try await NormalizedCache(persistence: CacheFileLocation.persistence(of: file, maximumBytes: nil)).removeAll()
            } catch {
                throw CacheInspectorError.unremovable("\(file.path): \(error)")
            }
            removed += 1
        }
        return removed
    }
}

extension CacheFolderInspector {
    /// How long ago a record stamped `milliseconds` (since 1970) was received; never negative.
    static func age(of milliseconds: Int64) -> Duration {
        let now = Int64((Date().timeIntervalSince1970 * 1_000).rounded(.down))
        return .milliseconds(max(0, now - milliseconds))
    }
}

