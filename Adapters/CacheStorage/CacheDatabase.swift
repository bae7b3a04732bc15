#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CacheRecords
import SQLite

/// The cache's SQLite database: its schema and the statements the SQLite backend runs, on one
/// connection (used under the backend's lock only).
///
/// ```
/// records(key TEXT PRIMARY KEY, body BLOB, received_at INTEGER, used_at INTEGER) WITHOUT ROWID
///   body: the record's fields, encoded as in the cache file format (RecordEncoder)
///   received_at, used_at: milliseconds since 1970
///   (no index on used_at: every write of a record would update it too, a sixth of an insert
///   and a quarter of a renewal, while only eviction, once the size bound is passed, orders by it; databases made by
///   earlier versions keep theirs)
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
        // A command that wrote ends without a checkpoint and its two disk flushes: the log is
        // copied back when it grows to SQLite's automatic checkpoint, once per many commands.
        database.keepWriteAheadLogOnClose()
        let (exists, journalMode) = try format()
        if !exists {
            // Making the file (its header, the journal mode, the tables) waits for no disk
            // flush: it holds nothing to lose, and a process killed meanwhile leaves a file that
            // SQLite rolls back or that is made again. (Flushed, that is four rollback-journal
            // syncs and more on the first run.) The write settings follow once it is made.
            try database.execute("PRAGMA synchronous = OFF")
            // Before any table exists, so that removed records give their pages back to the system.
            // Only then: setting it again on every open would write the header each time.
            try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
        }
        // Write-ahead logging is a property of the file: set once, by whoever made it. (Setting
        // it again on every open costs a statement on every command's start-up.)
        if journalMode != "wal" {
            let mode = try switchToWriteAheadLog()
            guard mode == "wal" else { throw SQLiteError(.other, "the database cannot use write-ahead logging (journal mode \(mode ?? "unknown"))") }
        }
        if !exists {
            try createSchema()
            try prepareToWrite()
        }
    }

    /// Whether the connection's write settings are made (``write(_:)``).
    private var readyToWrite = false

    /// Runs `body` in one write transaction (``SQLiteDatabase/transaction(_:)``).
    ///
    /// The connection's write settings are made before its first write only, so a command that
    /// only reads (a cache hit) runs no statement for them: `synchronous=NORMAL` (a commit is
    /// atomic and survives the process being killed; the log is synced at checkpoints) and a
    /// 4 MiB bound on the log kept after a checkpoint.
    func write<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try prepareToWrite()
        return try database.transaction(body)
    }

    /// Makes the connection's write settings, once.
    func prepareToWrite() throws(SQLiteError) {
        guard !readyToWrite else { return }
        try database.execute("PRAGMA synchronous = NORMAL")
        try database.execute("PRAGMA journal_size_limit = 4194304")
        readyToWrite = true
    }

    /// Sets `journal_mode=WAL`, waiting while another connection holds the file: SQLite takes
    /// the lock this needs without its busy handler, so connections making one new database at
    /// once could fail at once ("database is locked") instead of taking turns.
    private func switchToWriteAheadLog() throws(SQLiteError) -> String? {
        let deadline = ContinuousClock.now + Self.busyTimeout
        while true {
            do {
                return try database.text("PRAGMA journal_mode = WAL")
            } catch where error.kind == .busy && ContinuousClock.now < deadline {
                usleep(1_000)
            }
        }
    }

    /// The failure for a database a newer version of the program wrote (left alone).
    static let newerFormat = SQLiteError(.other, "it was written by a newer version of rocket-reserver")

    private func createSchema() throws(SQLiteError) {
        try database.transaction { () throws(SQLiteError) in
            // Another process may have created it while this one waited for the lock.
            if try format().exists { return }
            try database.execute(
                "CREATE TABLE records (key TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL, received_at INTEGER NOT NULL, used_at INTEGER NOT NULL) WITHOUT ROWID"
            )
            try database.execute("CREATE TABLE state (name TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID")
            try database.execute("PRAGMA application_id = \(Self.applicationID)")
            try database.execute("PRAGMA user_version = \(Self.formatVersion)")
        }
    }

    /// Whether the schema is there (`false` for a new, empty file), and the file's journal mode.
    /// - Throws: when the file is another program's database or a newer version's.
    private func format() throws(SQLiteError) -> (exists: Bool, journalMode: String?) {
        // One statement, so one read transaction: the marks and the tables are seen at the same
        // commit. (Read in two, a process creating the schema meanwhile looked like another
        // program's database: no marks yet, then tables.)
        var application: Int64 = 0
        var version: Int64 = 0
        var tables: Int64 = 0
        try database.statement(
            "SELECT (SELECT application_id FROM pragma_application_id()), (SELECT user_version FROM pragma_user_version()), (SELECT count(*) FROM sqlite_schema)"
        ).forEachRow { row in
            application = row.integer(0)
            version = row.integer(1)
            tables = row.integer(2)
        }
        // The journal mode may be read apart: switching to write-ahead logging again is harmless.
        let journalMode = try database.text("PRAGMA journal_mode")
        if application == 0, version == 0 {
            guard tables == 0 else { throw SQLiteError(.corrupt, "it is not a rocket-reserver cache") }
            return (false, journalMode)
        }
        guard application == Self.applicationID else { throw SQLiteError(.corrupt, "it is not a rocket-reserver cache") }
        guard version <= Self.formatVersion else { throw Self.newerFormat }
        return (true, journalMode)
    }

    // MARK: Records

    /// The statements run once per record, prepared on first use and found by case (not by
    /// hashing their SQL text for every record).
    private enum Query: Int, CaseIterable {
        case record, records, upsert, insert, update, renew, delete, markUsed

        var sql: String {
            switch self {
            case .record: "SELECT body, received_at, used_at FROM records WHERE key = ?1"
            case .records:
                "SELECT key, body, received_at, used_at FROM records WHERE key IN ("
                    + (1...CacheDatabase.batchSize).map { "?\($0)" }.joined(separator: ",") + ")"
            case .upsert:
                // A new record is inserted; a stored one with the same body only gets its new age.
                "INSERT INTO records (key, body, received_at, used_at) VALUES (?1, ?2, ?3, ?3) ON CONFLICT (key) DO UPDATE "
                    + "SET received_at = excluded.received_at, used_at = max(used_at, excluded.received_at) WHERE body = excluded.body"
            case .insert: "INSERT INTO records (key, body, received_at, used_at) VALUES (?1, ?2, ?3, ?3)"
            case .update: "UPDATE records SET body = ?2, received_at = ?3, used_at = max(used_at, ?3) WHERE key = ?1"
            case .renew: "UPDATE records SET received_at = ?2, used_at = max(used_at, ?2) WHERE key = ?1"
            case .delete: "DELETE FROM records WHERE key = ?1"
            case .markUsed: "UPDATE records SET used_at = ?2 WHERE key = ?1 AND used_at < ?3"
            }
        }
    }

    private var statements = [SQLiteStatement?](repeating: nil, count: Query.allCases.count)

    deinit {
        // Before the connection: its statements are finalized first.
        statements.removeAll()
    }

    private func prepared(_ query: Query) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[query.rawValue] { return statement }
        let statement = try database.statement(query.sql)
        statements[query.rawValue] = statement
        return statement
    }

    /// The record under `key`: its encoded body and when it was received.
    func record(_ key: String) throws(SQLiteError) -> (body: [UInt8], receivedAt: Int64, usedAt: Int64)? {
        let statement = try prepared(.record)
        try statement.bind(text: key, at: 1)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return (statement.blob(0) ?? [], statement.integer(1), statement.integer(2))
    }

    /// How many keys one batched read binds.
    static let batchSize = 256

    /// Calls `body` with the record of each of `keys` that is stored, reading them in batches
    /// of ``batchSize`` (the last batch padded with its own last key). A batch's bodies share
    /// one buffer: each record's is a slice of it.
    func records(_ keys: [String], _ body: (String, ArraySlice<UInt8>, Int64, Int64) -> Void) throws(SQLiteError) {
        let statement = try prepared(.records)
        var rows: [(key: String, body: Range<Int>, receivedAt: Int64, usedAt: Int64)] = []
        var start = keys.startIndex
        while start < keys.endIndex {
            let end = min(start + Self.batchSize, keys.endIndex)
            let batch = keys[start..<end]
            for index in 0..<Self.batchSize {
                let key = index < batch.count ? batch[batch.startIndex + index] : batch[batch.endIndex - 1]
                try statement.bind(text: key, at: Int32(index + 1))
            }
            rows.removeAll(keepingCapacity: true)
            var bodies: [UInt8] = []
            do {
                defer { statement.reset() }
                while try statement.step() {
                    let offset = bodies.count
                    statement.appendBlob(1, to: &bodies)
                    rows.append((statement.text(0) ?? "", offset..<bodies.count, statement.integer(2), statement.integer(3)))
                }
            }
            for row in rows { body(row.key, bodies[row.body], row.receivedAt, row.usedAt) }
            start = end
        }
    }

    /// Inserts the record, or, when `key` is stored with this very body, marks it received at
    /// `receivedAt`: whether it did either (`false`: a record with another body is stored).
    func insertOrRenewSame(_ key: String, body: UnsafeRawBufferPointer, receivedAt: Int64) throws(SQLiteError) -> Bool {
        let statement = try prepared(.upsert)
        try statement.bind(text: key, at: 1)
        try statement.bind(blob: body, at: 2)
        try statement.bind(integer: receivedAt, at: 3)
        try statement.runBound()
        return database.changes == 1
    }

    func insert(_ key: String, body: [UInt8], receivedAt: Int64) throws(SQLiteError) {
        try prepared(.insert).run([.text(key), .blob(body), .integer(receivedAt)])
    }

    func update(_ key: String, body: [UInt8], receivedAt: Int64) throws(SQLiteError) {
        try prepared(.update).run([.text(key), .blob(body), .integer(receivedAt)])
    }

    func renew(_ key: String, receivedAt: Int64) throws(SQLiteError) {
        try prepared(.renew).run([.text(key), .integer(receivedAt)])
    }

    func delete(_ key: String) throws(SQLiteError) {
        try prepared(.delete).run([.text(key)])
    }

    /// Marks `key` as used at `time` unless it was used less than `granularity` milliseconds before.
    func markUsed(_ key: String, at time: Int64, granularity: Int64) throws(SQLiteError) {
        try prepared(.markUsed).run([.text(key), .integer(time), .integer(time &- granularity)])
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
