import Glibc
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
    /// How long the write-ahead log may grow before a write empties it into the database.
    ///
    /// Every process that opens the database first rebuilds the log's index by reading and
    /// checksumming each page the log holds, so every command pays for the log's length, a
    /// cache hit included: 4 MiB (SQLite's automatic checkpoint, 1,000 pages) cost a cache hit
    /// 1.7 ms. SQLite's own checkpoint does not shorten the log for short-lived processes: the
    /// next process's index counts every page as not yet copied, so the log only ever grows.
    /// Past this size a write copies it back and truncates it (``write(_:)``), which costs that
    /// write two disk flushes (about 5 ms here): at 1 MiB a cache hit pays at most 0.45 ms for the
    /// log, and a `launches --all` of 22 pages pays the flushes once in four runs.
    static let logBytesBeforeCheckpoint = 1024 * 1024
    /// How long a writer waits for another process's transaction (they last milliseconds).
    static let busyTimeout = Duration.seconds(60)

    let database: SQLiteDatabase
    /// The write-ahead log's file: SQLite names it after the database, with `-wal`.
    private let logPath: String

    /// Opens the database at `path`, creating the schema when the file is new.
    /// - Throws: ``SQLiteError`` of kind ``SQLiteError/Kind/corrupt`` when the file is not a
    ///   cache of this program (damaged, or another program's database), ``CacheDatabase/newerFormat``
    ///   when a newer version wrote it.
    init(path: String) throws(SQLiteError) {
        database = try SQLiteDatabase(path: path, busyTimeout: Self.busyTimeout)
        logPath = path + "-wal"
        // Before anything writes to the file: a newer version's or another program's database is left as it is.
        // Before anything: the next process finds the log and its index ready (making the
        // 32 KiB index costs a dozen system calls, deleting both more).
        database.persistWriteAheadLog()
        // A command that wrote ends without a checkpoint and its two disk flushes: the log is
        // emptied into the database by the write that passes ``logBytesBeforeCheckpoint``.
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
    /// 4 MiB bound on the log kept after a checkpoint. Unless `mayEmptyLog` is `false` (a cache
    /// hit's best-effort marks, which must never cost it a checkpoint's disk flushes), a write
    /// that leaves the log long empties it (``logBytesBeforeCheckpoint``).
    func write<Result>(mayEmptyLog: Bool = true, _ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try prepareToWrite()
        let result = try database.transaction(body)
        if mayEmptyLog { emptyLongLog() }
        return result
    }

    /// Copies the write-ahead log into the database and empties it
    /// (`wal_checkpoint(TRUNCATE)`: two disk flushes) once it is longer than
    /// ``logBytesBeforeCheckpoint``, without waiting: while another connection reads or writes
    /// it stays as it is, and a later write tries again. (SQLite's automatic checkpoint still
    /// bounds it meanwhile.)
    private func emptyLongLog() {
        var status = stat()
        guard stat(logPath, &status) == 0, Int(status.st_size) > Self.logBytesBeforeCheckpoint else { return }
        database.setBusyTimeout(.zero)
        defer { database.setBusyTimeout(Self.busyTimeout) }
        _ = try? database.text("PRAGMA wal_checkpoint(TRUNCATE)")
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
    static let newerFormat = SQLiteError(.other, "it is in a newer format than this version reads")

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
            guard tables == 0 else { throw SQLiteError(.corrupt, "it is another program's database") }
            return (false, journalMode)
        }
        guard application == Self.applicationID else { throw SQLiteError(.corrupt, "it is another program's database") }
        guard version <= Self.formatVersion else { throw Self.newerFormat }
        return (true, journalMode)
    }

    /// The prepared statements of ``Query``, by its raw value (``prepared(_:)``).
    var statements = [SQLiteStatement?](repeating: nil, count: Query.allCases.count)

    deinit {
        // Before the connection: its statements are finalized first.
        statements.removeAll()
    }
}
