import Foundation
import NormalizedCache
import Ports

/// The cache folder's files (`cache-<endpoint>-<user>.rrcache`, see ``CacheFileLocation``):
/// the current one's summary, and removing all of them under each file's lock.
struct CacheFolder: CacheInspector {
    /// The folder every endpoint's and user's cache file is in.
    let directory: URL
    /// The current endpoint and user's cache file.
    let current: URL

    func currentCache() async throws -> CacheSummary {
        let summary: (bytes: Int, records: Int)?
        do {
            summary = try CacheFileFormat.summary(ofFileAt: current)
        } catch {
            throw CacheInspectorError.unreadable("\(current.path): \(error)")
        }
        guard let summary else { return CacheSummary(path: current.path, exists: false, bytes: 0, records: 0) }
        return CacheSummary(path: current.path, exists: true, bytes: summary.bytes, records: summary.records)
    }

    func removeCurrentCache() async throws {
        do {
            // Through the cache itself, so a process saving at the same time is waited for.
            try await NormalizedCache(persistence: .file(at: current)).removeAll()
        } catch {
            throw CacheInspectorError.unremovable("\(current.path): \(error)")
        }
    }

    func removeEveryCache() async throws -> Int {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return 0
        } catch {
            throw CacheInspectorError.unreadable("\(directory.path): \(error.localizedDescription)")
        }
        var removed = 0
        for name in names.sorted() where CacheFileLocation.isCacheFileName(name) {
            let file = directory.appendingPathComponent(name)
            do {
                // Through the cache itself, so a process saving at the same time is waited for.
                try await NormalizedCache(persistence: .file(at: file)).removeAll()
            } catch {
                throw CacheInspectorError.unremovable("\(file.path): \(error)")
            }
            removed += 1
        }
        return removed
    }
}
