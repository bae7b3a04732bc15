import CacheRecords
import CacheStorage
import Foundation

/// The few cache operations the file-set tests need, on the backend alone.
extension SQLiteCacheBackend {
    /// A backend on the database at `file`, bounded as `CachePersistence.sqlite` bounds it.
    static func at(_ file: URL, onWarning: @escaping @Sendable (String) -> Void = { _ in }) -> SQLiteCacheBackend {
        SQLiteCacheBackend(files: CacheDatabaseFiles(path: file.path, legacyPath: nil), maximumBytes: 64 * 1024 * 1024, onWarning: onWarning)
    }

    /// Sets one field of a record, as `NormalizedCache.setField` stores it.
    func setField(_ field: String, of key: String, to value: Int) {
        let update = RecordUpdate(key: key, change: RecordChange(setting: [field]), local: [field: .scalar(.int(value))])
        save([update], receivedAt: 1, countsMutation: false, unlessMutatedSince: nil)
    }

    /// The record stored under `key`, if any.
    func record(_ key: String) -> CacheRecord? {
        read { snapshot in snapshot.record(key).flatMap { RecordCodec.record($0.slot) } }
    }
}
