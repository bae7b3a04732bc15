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
package final class SQLiteCacheBackend: CacheBackend, @unchecked Sendable {
    let files: CacheDatabaseFiles
    let maximumBytes: Int?
    let onWarning: @Sendable (String) -> Void

    /// Guards everything below (the actor using the backend already serializes its calls).
    private let lock = Mutex(())
    private var connection = Connection.closed
    /// The warnings given so far (each is given once); guarded by its own lock, since warnings
    /// are also given outside ``lock``.
    private let warned = Mutex<Set<String>>([])

    private enum Connection {
        case closed
        case open(CacheDatabase)
        case unavailable(reason: String)
    }

    package init(files: CacheDatabaseFiles, maximumBytes: Int?, onWarning: @escaping @Sendable (String) -> Void) {
        self.files = files
        self.maximumBytes = maximumBytes
        self.onWarning = onWarning
    }

    package func read<Result>(_ body: (any StoredRecords) -> Result) -> Result {
        locked {
            guard let database = openedDatabase() else { return body(NoStoredRecords()) }
            do throws(SQLiteError) {
                try database.database.execute("BEGIN")
            } catch {
                handle(error, doing: "read")
                return body(NoStoredRecords())
            }
            let snapshot = SQLiteSnapshot(database: database)
            let result = body(snapshot)
            try? database.database.execute("COMMIT")
            if let failure = snapshot.failure { handle(failure, doing: "read") }
            return result
        }
    }

    package func save(_ updates: [RecordUpdate], receivedAt: Int64?, countsMutation: Bool, unlessMutatedSince: UInt64?) {
        locked {
            // A second attempt only after the file was found damaged and replaced.
            for _ in 0..<2 {
                guard let database = openedDatabase(creating: true) else { return }
                do throws(SQLiteError) {
                    try store(updates, in: database, receivedAt: receivedAt, countsMutation: countsMutation, unlessMutatedSince: unlessMutatedSince)
                    try enforceBound(database)
                    return
                } catch {
                    guard handle(error, doing: "save") else { return }
                }
            }
        }
    }

    package func markUsed(_ keys: [String], at time: Int64) {
        guard !keys.isEmpty else { return }
        locked {
            guard case .open(let database) = connection else { return }
            // Best effort: a busy writer means the marks are skipped, never waited for.
            database.database.setBusyTimeout(.zero)
            defer { database.database.setBusyTimeout(CacheDatabase.busyTimeout) }
            try? database.write { () throws(SQLiteError) in
                for key in keys { try database.markUsed(key, at: time, granularity: RecordStore.useGranularity) }
            }
        }
    }

    package func mutationCount() -> UInt64? {
        locked {
            guard let database = openedDatabase() else { return 0 }
            return (try? database.mutationCount()) ?? 0
        }
    }

    package func allRecords() -> [String: CacheRecord] {
        locked {
            guard let database = openedDatabase() else { return [:] }
            var records: [String: CacheRecord] = [:]
            do throws(SQLiteError) {
                try database.forEachRecord { key, body in records[key] = RecordCodec.decode(body[...]) }
            } catch {
                handle(error, doing: "read")
            }
            return records
        }
    }

    package func summary() throws(CacheStorageError) -> CacheStorageSummary {
        try locked { () throws(CacheStorageError) -> CacheStorageSummary in
            guard files.databaseExists || files.legacyExists else {
                return CacheStorageSummary(path: files.path, exists: false, bytes: 0, records: 0)
            }
            guard let database = openedDatabase() else {
                throw CacheStorageError(path: files.path, reason: unavailableReason ?? "it cannot be opened")
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
        locked {
            guard let database = openedDatabase() else { return nil }
            return try? database.database.integer("PRAGMA data_version")
        }
    }

    package func removeAll() throws(CacheRemovalError) {
        try locked { () throws(CacheRemovalError) in
            connection = .closed
            try files.removeAll()
        }
    }

    /// Runs `body` holding ``lock``.
    func locked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { _ throws(Failure) in try body() }
    }

    // MARK: Opening

    private var unavailableReason: String? {
        if case .unavailable(let reason) = connection { reason } else { nil }
    }

    /// The open database, opening it on first use; `nil` when it cannot be (said once), and,
    /// unless `creating`, when there is none yet (reading creates no file).
    func openedDatabase(creating: Bool = false) -> CacheDatabase? {
        switch connection {
        case .open(let database): return database
        case .unavailable: return nil
        case .closed: break
        }
        guard creating || files.databaseExists || files.legacyExists else { return nil }
        do {
            _ = try SQLiteLibrary.shared.get()
        } catch {
            return unavailable("Nothing is cached: \(error.detail).", reason: error.detail)
        }
        var created: (device: UInt64, inode: UInt64)?
        do {
            let preparation = try files.prepare()
            created = preparation.created
            if let damage = preparation.damage { movedAside(because: damage) }
            let database = try openReplacingDamage()
            connection = .open(database)
            if let problem = files.importLegacyFile(into: database) { warnOnce(problem) }
            return database
        } catch let error as SQLiteError where error == CacheDatabase.newerFormat {
            files.removeUnused(created)
            return unavailable("The GraphQL cache \(files.path) was written by a newer version of rocket-reserver; nothing is cached.", reason: error.detail)
        } catch let error as SQLiteError {
            files.removeUnused(created)
            return unavailable("Could not open the GraphQL cache \(files.path): \(Self.phrase(error)); nothing is cached.", reason: Self.phrase(error))
        } catch {
            files.removeUnused(created)
            return unavailable("Could not open the GraphQL cache \(files.path): \(error); nothing is cached.", reason: "\(error)")
        }
    }

    /// Opens the database through ``CacheDatabaseFiles/openablePath()`` (links in the folders
    /// above it followed, a link at the file refused); a damaged one is moved aside and an
    /// empty one made in its place.
    private func openReplacingDamage() throws -> CacheDatabase {
        let path = try files.openablePath()
        do {
            return try CacheDatabase(path: path)
        } catch let error where error.kind == .corrupt {
            try files.moveAside()
            movedAside(because: Self.phrase(error))
            _ = try files.prepare()
            return try CacheDatabase(path: path)
        }
    }

    private func unavailable(_ message: String, reason: String) -> CacheDatabase? {
        connection = .unavailable(reason: reason)
        warnOnce(message)
        return nil
    }

    // MARK: Writing

    private func store(
        _ updates: [RecordUpdate], in database: CacheDatabase, receivedAt: Int64?, countsMutation: Bool, unlessMutatedSince: UInt64?
    ) throws(SQLiteError) {
        try database.write { () throws(SQLiteError) in
            // A query's answer fetched before a mutation changed the cache may predate it.
            if let since = unlessMutatedSince, try database.mutationCount() != since { return }
            // One buffer for every record's body (the encoding is deterministic: fields sorted).
            var writer = ByteWriter()
            for update in Self.inKeyOrder(updates) {
                // A record first seen here, or stored with the same fields and values, takes one
                // statement and no read: inserted, or only its age renewed.
                if let receivedAt, let local = update.local, !local.isEmpty, update.change.replacesFields(of: local) {
                    writer.bytes.removeAll(keepingCapacity: true)
                    RecordEncoder.encode(local, into: &writer)
                    let done = writer.bytes.withUnsafeBytes { body in
                        Result { () throws(SQLiteError) in try database.insertOrRenewSame(update.key, body: body, receivedAt: receivedAt) }
                    }
                    if try done.get() { continue }
                }
                let stored = try database.record(update.key)
                let old = stored.flatMap { RecordCodec.decode($0.body[...]) }
                let new = update.change.apply(local: update.local, over: old)
                switch (stored, new) {
                case (nil, nil):
                    continue
                case (_?, nil):
                    try database.delete(update.key)
                case (nil, let new?):
                    try database.insert(update.key, body: RecordCodec.encode(new), receivedAt: receivedAt ?? 0)
                case (let stored?, let new?):
                    if new != old {
                        try database.update(update.key, body: RecordCodec.encode(new), receivedAt: receivedAt ?? stored.receivedAt)
                    } else if let receivedAt {
                        try database.renew(update.key, receivedAt: receivedAt)
                    }
                }
            }
            if countsMutation { try database.countMutation() }
        }
    }

    /// The updates in the order of their keys (the same key's in their own order): the B-tree
    /// is then written from one end to the other, each page once, instead of at random (a large
    /// answer's records cost less than half as much to store).
    static func inKeyOrder(_ updates: [RecordUpdate]) -> [RecordUpdate] {
        guard updates.count > 16 else { return updates }
        let order = updates.indices.sorted { first, second in
            let (a, b) = (updates[first].key, updates[second].key)
            if a < b { return true }
            return a == b && first < second
        }
        return order.map { updates[$0] }
    }

    /// Removes the least recently used records while the database takes more than
    /// ``maximumBytes``, down to 90% of it, and gives the space back to the file system.
    private func enforceBound(_ database: CacheDatabase) throws(SQLiteError) {
        guard let maximumBytes else { return }
        var used = try database.usedBytes()
        guard used > maximumBytes else { return }
        let target = Int64(maximumBytes) / 10 * 9
        for _ in 0..<16 where used > target {
            let records = try database.census().records
            guard records > 0 else { break }
            let share = Double(used - target) / Double(used)
            try database.write { () throws(SQLiteError) in
                try database.evictLeastRecentlyUsed(max(1, Int((Double(records) * share).rounded(.up))))
            }
            try database.releaseFreePages()
            used = try database.usedBytes()
        }
    }

    // MARK: Failures

    /// Says what went wrong; a damaged file is moved aside (the next use starts an empty one).
    /// - Returns: whether the file was replaced, so the work may be tried once more.
    @discardableResult
    func handle(_ error: SQLiteError, doing work: String) -> Bool {
        guard error.kind == .corrupt else {
            let verb = work == "save" ? "save" : "read"
            warnOnce("Could not \(verb) the GraphQL cache \(files.path): \(Self.phrase(error)).")
            return false
        }
        connection = .closed
        do {
            try files.moveAside()
        } catch {
            connection = .unavailable(reason: "\(error)")
            warnOnce("Could not move the damaged GraphQL cache \(files.path) aside: \(error); nothing is cached.")
            return false
        }
        movedAside(because: Self.phrase(error))
        return true
    }

    private func movedAside(because reason: String) {
        warnOnce("Moved the damaged GraphQL cache \(files.path) aside to \(files.damagedPath) (\(reason)); starting an empty one.")
    }

    private func warnOnce(_ message: String) {
        guard warned.withLock({ $0.insert(message).inserted }) else { return }
        onWarning(message)
    }

    /// A failure in a phrase for a warning.
    static func phrase(_ error: SQLiteError) -> String {
        switch error.kind {
        case .full: "the disk is full"
        case .readOnly: "the file or its folder is read-only"
        case .busy: "another process kept it locked for \(CacheDatabase.busyTimeout.components.seconds) seconds"
        case .corrupt: "it is damaged (\(error.detail))"
        case .cannotOpen: "it cannot be opened (\(error.detail))"
        case .ioError: "the system reported an I/O error (\(error.detail))"
        case .libraryUnavailable, .other: error.detail
        }
    }
}

/// No records: what a cache that cannot store anything reads.
struct NoStoredRecords: StoredRecords {
    func record(_ key: String) -> StoredRecord? { nil }
}

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
