/// The records of one read snapshot of a ``CacheBackend``.
package protocol StoredRecords {
    /// The record stored under `key`, still encoded where the backend keeps it so.
    func record(_ key: String) -> StoredRecord?
    /// Calls `found` with each record stored under one of `keys` (absent ones left out): one
    /// round trip for a list.
    func records(_ keys: [String], _ found: (String, StoredRecord) -> Void)
}

extension StoredRecords {
    package func records(_ keys: [String], _ found: (String, StoredRecord) -> Void) {
        for key in keys {
            if let record = record(key) { found(key, record) }
        }
    }
}
