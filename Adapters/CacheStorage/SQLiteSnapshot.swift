import CacheRecords
import SQLite

/// The records of one read transaction of a ``CacheDatabase``; remembers the first failure.
final class SQLiteSnapshot: StoredRecords {
    private let database: CacheDatabase
    private(set) var failure: SQLiteError?

    init(database: CacheDatabase) {
        self.database = database
    }

    func records(_ keys: [String], _ found: (String, StoredRecord) -> Void) {
        guard failure == nil else { return }
        do {
            try database.records(keys) { key, body, receivedAt, usedAt in
                found(key, StoredRecord(slot: .encoded(body), receivedAt: receivedAt, usedAt: usedAt))
            }
        } catch {
            failure = error
        }
    }

    func record(_ key: String) -> StoredRecord? {
        guard failure == nil else { return nil }
        do {
            return try database.record(key).map { StoredRecord(slot: .encoded($0.body[...]), receivedAt: $0.receivedAt, usedAt: $0.usedAt) }
        } catch {
            failure = error
            return nil
        }
    }
}
