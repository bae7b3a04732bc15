import SQLite

/// The cache's SQLite database: its schema and the statements the SQLite backend runs, on one
/// connection (used under the backend's lock only).
///
/// ```
/// records(key TEXT PRIMARY KEY, body BLOB, received_at INTEGER, used_at INTEGER) WITHOUT ROWID
///   body: the record's fields, encoded as in the cache file format (RecordEncoder)
///   received_at, used_at: milliseconds since 1970
/// state(name TEXT PRIMARY KEY, value INTEGER) WITHOUT ROWID   -- "mutations": the mutation count
/// ```
/// Write-ahead logging, `synchronous=NORMAL`: a commit is atomic and survives the process being
/// killed; readers never wait for the writer.
final class CacheDatabase {
    /// The version of the schema this code writes (`PRAGMA user_version`).
    static let formatVersion: Int64 = 1
    /// "RRGC": marks the file as a RocketReserver cache (`PRAGMA application_id`).
    static let applicationID: Int64 = 0x5252_4743
    /// How long a writer waits for another process's transaction (they last milliseconds).
    static let busyTimeout = Duration.seconds(60)

    let database: SQLiteDatabase

    /// Opens the database at `path`, creating the schema when the file is new.
    /// - Throws: ``SQLiteError`` of kind ``SQLiteError/Kind/corrupt`` when the file is not a
    ///   cache of this program (damaged, or another program's database), ``CacheDatabase/newerFormat``
    ///   when a newer version wrote it.
    init(path: String) throws(SQLiteError) {
        database = try SQLiteDatabase(path: path, busyTimeout: Self.busyTimeout)
        // Before anything writes to the file: a newer version's or another program's database is left as it is.
        // Before anything: the next process finds the log and its index ready (making the
        // 32 KiB index costs a dozen system calls, deleting both more).
        database.persistWriteAheadLog()
        let exists = try isCurrentFormat()
        // Before any table exists, so that removed records give their pages back to the system.
        // Only then: setting it again on every open would write the header each time.
        if !exists { try database.execute("PRAGMA auto_vacuum = INCREMENTAL") }
        let mode = try database.text("PRAGMA journal_mode = WAL")
        guard mode == "wal" else { throw SQLiteError(.other, "the database cannot use write-ahead logging (journal mode \(mode ?? "unknown"))") }
        try database.execute("PRAGMA synchronous = NORMAL")
        try database.execute("PRAGMA journal_size_limit = 4194304")
        try database.execute("PRAGMA wal_autocheckpoint = 1000")
        if !exists { try createSchema() }
    }

    /// The failure for a database a newer version of the program wrote (left alone).
    static let newerFormat = SQLiteError(.other, "it was written by a newer version of rocket-reserver")

    private func createSchema() throws(SQLiteError) {
        try database.transaction { () throws(SQLiteError) in
            // Another process may have created it while this one waited for the lock.
            if try isCurrentFormat() { return }
            try database.execute(
                "CREATE TABLE records (key TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL, received_at INTEGER NOT NULL, used_at INTEGER NOT NULL) WITHOUT ROWID"
            )
            try database.execute("CREATE INDEX records_by_use ON records (used_at)")
            try database.execute("CREATE TABLE state (name TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID")
            try database.execute("PRAGMA application_id = \(Self.applicationID)")
            try database.execute("PRAGMA user_version = \(Self.formatVersion)")
        }
    }

    /// Whether the schema is there (`false` for a new, empty file).
    /// - Throws: when the file is another program's database or a newer version's.
    private func isCurrentFormat() throws(SQLiteError) -> Bool {
        // One statement, so one read transaction.
        var application: Int64 = 0
        var version: Int64 = 0
        try database.statement("SELECT application_id, user_version FROM pragma_application_id(), pragma_user_version()").forEachRow { row in
            application = row.integer(0)
            version = row.integer(1)
        }
        if application == 0, version == 0 {
            let tables = try database.integer("SELECT count(*) FROM sqlite_schema") ?? 0
            guard tables == 0 else { throw SQLiteError(.corrupt, "it is not a rocket-reserver cache") }
            return false
        }
        guard application == Self.applicationID else { throw SQLiteError(.corrupt, "it is not a rocket-reserver cache") }
        guard version <= Self.formatVersion else { throw Self.newerFormat }
        return true
    }

    // MARK: Records

    /// The record under `key`: its encoded body and when it was received.
    func record(_ key: String) throws(SQLiteError) -> (body: [UInt8], receivedAt: Int64, usedAt: Int64)? {
        let statement = try database.statement("SELECT body, received_at, used_at FROM records WHERE key = ?1")
        var found: (body: [UInt8], receivedAt: Int64, usedAt: Int64)?
        try statement.forEachRow([.text(key)]) { row in
            found = (row.blob(0) ?? [], row.integer(1), row.integer(2))
        }
        return found
    }

    /// How many keys one batched read binds.
    static let batchSize = 256

    /// Calls `body` with the record of each of `keys` that is stored, reading them in batches
    /// of ``batchSize`` (the last batch padded with its own last key).
    func records(_ keys: [String], _ body: (String, [UInt8], Int64, Int64) -> Void) throws(SQLiteError) {
        let placeholders = (1...Self.batchSize).map { "?\($0)" }.joined(separator: ",")
        let statement = try database.statement("SELECT key, body, received_at, used_at FROM records WHERE key IN (\(placeholders))")
        var start = keys.startIndex
        while start < keys.endIndex {
            let end = min(start + Self.batchSize, keys.endIndex)
            let batch = keys[start..<end]
            for index in 0..<Self.batchSize {
                let key = index < batch.count ? batch[batch.startIndex + index] : batch[batch.endIndex - 1]
                try statement.bind(.text(key), at: Int32(index + 1))
            }
            defer { statement.reset() }
            while try statement.step() {
                body(statement.text(0) ?? "", statement.blob(1) ?? [], statement.integer(2), statement.integer(3))
            }
            start = end
        }
    }

    /// Inserts the record unless `key` is stored already: whether it did.
    func insertIfAbsent(_ key: String, body: [UInt8], receivedAt: Int64) throws(SQLiteError) -> Bool {
        try database.statement("INSERT INTO records (key, body, received_at, used_at) VALUES (?1, ?2, ?3, ?3) ON CONFLICT (key) DO NOTHING")
            .run([.text(key), .blob(body), .integer(receivedAt)])
        return database.changes == 1
    }

    func insert(_ key: String, body: [UInt8], receivedAt: Int64) throws(SQLiteError) {
        try database.statement("INSERT INTO records (key, body, received_at, used_at) VALUES (?1, ?2, ?3, ?3)")
            .run([.text(key), .blob(body), .integer(receivedAt)])
    }

    func update(_ key: String, body: [UInt8], receivedAt: Int64) throws(SQLiteError) {
        try database.statement("UPDATE records SET body = ?2, received_at = ?3, used_at = max(used_at, ?3) WHERE key = ?1")
            .run([.text(key), .blob(body), .integer(receivedAt)])
    }

    func renew(_ key: String, receivedAt: Int64) throws(SQLiteError) {
        try database.statement("UPDATE records SET received_at = ?2, used_at = max(used_at, ?2) WHERE key = ?1")
            .run([.text(key), .integer(receivedAt)])
    }

    func delete(_ key: String) throws(SQLiteError) {
        try database.statement("DELETE FROM records WHERE key = ?1").run([.text(key)])
    }

    /// Marks `key` as used at `time` unless it was used less than `granularity` milliseconds before.
    func markUsed(_ key: String, at time: Int64, granularity: Int64) throws(SQLiteError) {
        try database.statement("UPDATE records SET used_at = ?2 WHERE key = ?1 AND used_at < ?3")
            .run([.text(key), .integer(time), .integer(time &- granularity)])
    }

    /// Every record's key and encoded body.
    func forEachRecord(_ body: (String, [UInt8]) -> Void) throws(SQLiteError) {
        try database.statement("SELECT key, body FROM records").forEachRow { row in
            body(row.text(0) ?? "", row.blob(1) ?? [])
        }
    }

    /// How many records there are, and when the oldest and newest were received.
    func census() throws(SQLiteError) -> (records: Int, received: ClosedRange<Int64>?) {
        var result: (records: Int, received: ClosedRange<Int64>?) = (0, nil)
        try database.statement("SELECT count(*), min(received_at), max(received_at) FROM records").forEachRow { row in
            let count = Int(row.integer(0))
            result = (count, count == 0 ? nil : row.integer(1)...max(row.integer(1), row.integer(2)))
        }
        return result
    }

    // MARK: Bookkeeping

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
