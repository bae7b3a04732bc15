import CacheRecords
import POSIXSupport
import SQLite
import Synchronization

/// Keeps records in an SQLite database file (``CacheDatabase``): a read fetches the records it
/// reaches from one snapshot, a write stores the records it changes in one transaction.
///
/// Safety is SQLite's: write-ahead logging makes every commit atomic, so a process killed at
/// any point leaves each record with its old or its new value. Several processes share the
/// file: readers never wait, writers take turns (a busy timeout, never "database is locked").
///
/// The database opens on first use. When it cannot (no `libsqlite3.so.0`, an unwritable
/// folder), the cache stores nothing and says why once through `onWarning`; a damaged file is
/// moved aside with a warning and an empty one takes its place. Nothing here ever fails a
/// command that the network can answer.
package final class SQLiteCacheBackend: CacheBackend {
    let files: CacheDatabaseFiles
    let maximumBytes: Int?
    let onWarning: @Sendable (String) -> Void

    /// The database, opened on first use, behind its lock (the actor using the backend already
    /// serializes its calls): ``locked(_:)`` hands it out.
    private let state = Mutex(Connection.closed)
    /// The warnings given so far (each is given once); behind a lock of their own, since
    /// warnings are also given outside ``locked(_:)``.
    let warned = Mutex<Set<String>>([])

    /// Where the database stands.
    enum Connection {
        case closed
        case open(CacheDatabase)
        case unavailable(reason: String)

        /// Why nothing can be stored, once that is known.
        var unavailableReason: String? {
            if case .unavailable(let reason) = self { reason } else { nil }
        }
    }

    package init(files: CacheDatabaseFiles, maximumBytes: Int?, onWarning: @escaping @Sendable (String) -> Void) {
        self.files = files
        self.maximumBytes = maximumBytes
        self.onWarning = onWarning
    }

    package func read<Result: Sendable>(_ body: @Sendable (any StoredRecords) -> Result) -> Result {
        locked { connection in
            guard let database = openedDatabase(&connection) else { return body(NoStoredRecords()) }
            do throws(SQLiteError) {
                try database.database.execute("BEGIN")
            } catch {
                handle(error, doing: "read", in: &connection)
                return body(NoStoredRecords())
            }
            let snapshot = SQLiteSnapshot(database: database)
            let result = body(snapshot)
            try? database.database.execute("COMMIT")
            if let failure = snapshot.failure { handle(failure, doing: "read", in: &connection) }
            return result
        }
    }

    package func save(_ updates: [RecordUpdate], receivedAt: Int64?, countsMutation: Bool, unlessMutatedSince: UInt64?) {
        locked { connection in
            // A second attempt only after the file was found damaged and replaced.
            for _ in 0..<2 {
                guard let database = openedDatabase(&connection, creating: true) else { return }
                do throws(SQLiteError) {
                    try store(updates, in: database, receivedAt: receivedAt, countsMutation: countsMutation, unlessMutatedSince: unlessMutatedSince)
                    try enforceBound(database)
                    return
                } catch {
                    guard handle(error, doing: "save", in: &connection) else { return }
                }
            }
        }
    }

    package func markUsed(_ keys: [String], at time: Int64) {
        guard !keys.isEmpty else { return }
        locked { connection in
            guard case .open(let database) = connection else { return }
            // Best effort: a busy writer means the marks are skipped, never waited for.
            database.database.setBusyTimeout(.zero)
            defer { database.database.setBusyTimeout(CacheDatabase.busyTimeout) }
            try? database.write(mayEmptyLog: false) { () throws(SQLiteError) in
                for key in keys { try database.markUsed(key, at: time, granularity: RecordStore.useGranularity) }
            }
        }
    }

    package var isOpen: Bool {
        locked { connection in
            if case .closed = connection { false } else { true }
        }
    }

    package func mutationCount() -> UInt64? {
        locked { connection in
            guard let database = openedDatabase(&connection) else { return 0 }
            return (try? database.mutationCount()) ?? 0
        }
    }

    package func allRecords() -> [String: CacheRecord] {
        locked { connection in
            guard let database = openedDatabase(&connection) else { return [:] }
            var records: [String: CacheRecord] = [:]
            do throws(SQLiteError) {
                try database.forEachRecord { key, body in records[key] = RecordCodec.decode(body[...]) }
            } catch {
                handle(error, doing: "read", in: &connection)
            }
            return records
        }
    }

    package func summary() throws(CacheStorageError) -> CacheStorageSummary {
        try locked { (connection: inout Connection) throws(CacheStorageError) -> CacheStorageSummary in
            guard files.databaseExists || files.legacyExists else {
                return CacheStorageSummary(path: files.path, exists: false, bytes: 0, records: 0)
            }
            guard let database = openedDatabase(&connection) else {
                throw CacheStorageError(path: files.path, reason: connection.unavailableReason ?? "it cannot be opened")
            }
            // Folds the write-ahead log into the database first, so its size is the file's.
            try? database.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            do throws(SQLiteError) {
                let census = try database.census()
                return CacheStorageSummary(
                    path: files.path, exists: true, bytes: files.bytesOnDisk, records: census.records, receivedRange: census.received
                )
            } catch {
                throw CacheStorageError(path: files.path, reason: Self.phrase(error))
            }
        }
    }

    package func beginExclusiveAccess() async throws -> Int32? {
        try await files.beginExclusiveAccess(
            onDamage: { [self] in warnOnce("Replaced the GraphQL cache lock file \(files.lockPath): \($0).") },
            onFailure: { [self] in
                warnOnce("Could not lock the GraphQL cache \(files.lockPath) (\($0)): this mutation may reach the cache out of order with another process's.")
            }
        )
    }

    package func endExclusiveAccess(_ access: Int32?) {
        if let access { FileIO.unlock(access) }
    }

    package func dataVersion() -> Int64? {
        locked { connection in
            guard let database = openedDatabase(&connection) else { return nil }
            return try? database.database.integer("PRAGMA data_version")
        }
    }

    package func removeAll() throws(CacheRemovalError) {
        try locked { (connection: inout Connection) throws(CacheRemovalError) in
            connection = .closed
            try files.removeAll()
        }
    }

    /// Runs `body` holding the lock, with the connection.
    func locked<Result: Sendable, Failure: Error>(_ body: @Sendable (inout Connection) throws(Failure) -> Result) throws(Failure) -> Result {
        try state.withLock { (connection: inout sending Connection) throws(Failure) -> Result in try body(&connection) }
    }
}
