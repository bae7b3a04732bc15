import CacheRecords

/// No records: what a cache that cannot store anything reads.
struct NoStoredRecords: StoredRecords {
    func record(_ key: String) -> StoredRecord? { nil }
}
