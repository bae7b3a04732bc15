/// SQLite's numbers, by their names in `sqlite3.h`, written once: the binding loads the library
/// with `dlopen` and has no header to take them from.
enum SQLiteCode {
    // MARK: Result codes (primary; an extended code's low byte is its primary code)

    /// `SQLITE_OK`: the call succeeded.
    static let ok: Int32 = 0
    /// `SQLITE_BUSY`: another connection holds the lock (past the busy timeout).
    static let busy: Int32 = 5
    /// `SQLITE_LOCKED`: a conflict within the same connection's shared cache.
    static let locked: Int32 = 6
    /// `SQLITE_READONLY`: the file or its folder cannot be written.
    static let readOnly: Int32 = 8
    /// `SQLITE_IOERR`: the operating system reported an I/O error.
    static let ioError: Int32 = 10
    /// `SQLITE_CORRUPT`: the database file is damaged.
    static let corrupt: Int32 = 11
    /// `SQLITE_FULL`: the disk (or the file size limit) is full.
    static let full: Int32 = 13
    /// `SQLITE_CANTOPEN`: the file could not be opened.
    static let cannotOpen: Int32 = 14
    /// `SQLITE_NOTADB`: the file is not a database.
    static let notADatabase: Int32 = 26
    /// `SQLITE_ROW`: `sqlite3_step` has a row ready.
    static let row: Int32 = 100
    /// `SQLITE_DONE`: `sqlite3_step` ran the statement to its end.
    static let done: Int32 = 101

    /// The primary result code of an extended one (`SQLITE_IOERR_SHORT_READ` → `SQLITE_IOERR`).
    static func primary(_ code: Int32) -> Int32 { code & 0xFF }

    // MARK: Other numbers

    /// `SQLITE_NULL`, the column type of a NULL value (`sqlite3_column_type`).
    static let nullType: Int32 = 5
    /// `SQLITE_TRANSIENT`, the destructor that makes SQLite copy a bound value before returning.
    static let transient = -1
    /// `SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW`.
    static let openReadWriteCreateNoMutexNoFollow: Int32 = 0x0000_0002 | 0x0000_0004 | 0x0000_8000 | 0x0100_0000
    /// `SQLITE_FCNTL_PERSIST_WAL`, the file control that keeps the write-ahead log on close.
    static let persistWriteAheadLog: Int32 = 10
    /// `SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`, the option that skips the checkpoint on close.
    static let noCheckpointOnClose: Int32 = 1006
}
