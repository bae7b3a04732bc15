/// One connection to an SQLite database file, used by one thread at a time (SQLite's
/// multi-thread mode): whoever owns it, an actor or a serial executor, keeps it to itself.
///
/// It opens the file read-write, creating it when missing, and never through a symbolic link
/// (`SQLITE_OPEN_NOFOLLOW`). Statements are prepared once and kept for the connection's life.
package final class SQLiteDatabase {
    private let library: SQLiteLibrary
    private let handle: SQLiteLibrary.Handle
    private var prepared: [String: SQLiteStatement] = [:]

    /// Read-write, created when missing, no mutex of SQLite's own, never through a link.
    static let openFlags = SQLiteCode.openReadWriteCreateNoMutexNoFollow

    /// Opens (or creates) the database at `path` with ``SQLiteLibrary/shared``.
    /// - Parameter busyTimeout: how long a statement waits for another connection's lock before
    ///   it fails with ``SQLiteError/Kind/busy``.
    package convenience init(path: String, busyTimeout: Duration = .seconds(10)) throws(SQLiteError) {
        try self.init(path: path, library: SQLiteLibrary.shared.get(), busyTimeout: busyTimeout)
    }

    /// Opens (or creates) the database at `path` with `library`.
    package init(path: String, library: SQLiteLibrary, busyTimeout: Duration = .seconds(10)) throws(SQLiteError) {
        self.library = library
        var opened: SQLiteLibrary.Handle?
        let result = library.open(path, &opened, Self.openFlags, nil)
        guard result == SQLiteCode.ok, let opened else {
            let detail = opened.flatMap { library.errorMessage($0) }.map { String(cString: $0) }
                ?? library.errorString(result).map { String(cString: $0) } ?? "unable to open the database"
            let code = opened.map { library.extendedErrorCode($0) } ?? result
            _ = library.close(opened)
            throw SQLiteError(code: code == SQLiteCode.ok ? result : code, detail: detail)
        }
        handle = opened
        setBusyTimeout(busyTimeout)
    }

    /// How long statements wait for another connection's lock from now on (zero: not at all).
    package func setBusyTimeout(_ timeout: Duration) {
        let milliseconds = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
        _ = library.busyTimeout(handle, Int32(clamping: milliseconds))
    }

    deinit {
        prepared.removeAll()
        _ = library.close(handle)
    }

    /// The statement for `sql`, prepared on first use and kept.
    package func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = prepared[sql] { return statement }
        var made: SQLiteLibrary.Handle?
        let result = sql.withCString { library.prepare(handle, $0, -1 /* up to the NUL */, &made, nil) }
        guard result == SQLiteCode.ok, let made else { throw failure(result) }
        let statement = SQLiteStatement(library: library, database: handle, handle: made)
        prepared[sql] = statement
        return statement
    }

    /// Runs one SQL statement (a `PRAGMA`, DDL) to its end, ignoring any rows.
    package func execute(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        try statement(sql).run(values)
    }

    /// The first column of the first row `sql` returns, as text (`nil` when there is no row).
    package func text(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> String? {
        var first: String?
        try statement(sql).forEachRow(values) { row in if first == nil { first = row.text(0) } }
        return first
    }

    /// The first column of the first row `sql` returns, as an integer (`nil` when there is no row).
    package func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        var first: Int64?
        try statement(sql).forEachRow(values) { row in if first == nil { first = row.integer(0) } }
        return first
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, so the write lock is taken, or
    /// waited for, before anything is read): committed when `body` returns, rolled back when it
    /// throws. Either all of its writes are stored or none.
    package func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try execute("BEGIN IMMEDIATE")
        let result: Result
        do throws(SQLiteError) {
            result = try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    /// Keeps the write-ahead log and its index (`-wal`, `-shm`) when the last connection closes
    /// (`SQLITE_FCNTL_PERSIST_WAL`), so the next process does not make them again.
    package func persistWriteAheadLog() {
        var on: Int32 = 1
        _ = "main".withCString { name in library.fileControl(handle, name, SQLiteCode.persistWriteAheadLog, &on) }
    }

    /// Leaves the write-ahead log as it is when this connection closes, even when it is the last
    /// (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`): a short-lived process then ends without copying the
    /// log into the database and syncing both. The owner copies the log back when it sees fit
    /// (the cache: once it passes 1 MiB), and SQLite's automatic checkpoint (1,000 pages)
    /// still bounds it; readers read through it meanwhile. Returns whether the library took the setting.
    @discardableResult
    package func keepWriteAheadLogOnClose() -> Bool {
        guard let configure = library.databaseConfiguration else { return false }
        var applied: Int32 = 0
        return configure(handle, SQLiteCode.noCheckpointOnClose, 1, &applied) == SQLiteCode.ok && applied == 1
    }

    /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE`.
    package var changes: Int { Int(library.changes(handle)) }

    private func failure(_ code: Int32) -> SQLiteError {
        let extended = library.extendedErrorCode(handle)
        let message = library.errorMessage(handle).map { String(cString: $0) } ?? "SQLite error \(code)"
        return SQLiteError(code: extended != SQLiteCode.ok ? extended : code, detail: message)
    }
}
