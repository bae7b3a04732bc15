import SQLite

/// The mutation count, and the size bound's work: the bytes in use, eviction, free pages.
extension CacheDatabase {
    /// How many mutations have changed the cache.
    func mutationCount() throws(SQLiteError) -> UInt64 {
        UInt64(clamping: try database.integer("SELECT value FROM state WHERE name = 'mutations'") ?? 0)
    }

    func countMutation() throws(SQLiteError) {
        try database.execute("INSERT INTO state (name, value) VALUES ('mutations', 1) ON CONFLICT (name) DO UPDATE SET value = value + 1")
    }

    /// The bytes the database's pages in use take (free pages not counted).
    func usedBytes() throws(SQLiteError) -> Int64 {
        let pageSize = try database.integer("PRAGMA page_size") ?? 4096
        let pages = try database.integer("PRAGMA page_count") ?? 0
        let free = try database.integer("PRAGMA freelist_count") ?? 0
        return (pages - free) * pageSize
    }

    /// Removes the `count` least recently used records.
    func evictLeastRecentlyUsed(_ count: Int) throws(SQLiteError) {
        try database.statement("DELETE FROM records WHERE key IN (SELECT key FROM records ORDER BY used_at, key LIMIT ?1)")
            .run([.integer(Int64(count))])
    }

    /// Gives free pages back to the file system (the file shrinks).
    func releaseFreePages() throws(SQLiteError) {
        try database.execute("PRAGMA incremental_vacuum")
    }
}
