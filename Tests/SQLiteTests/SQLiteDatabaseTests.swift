import Foundation
import SQLite
import Testing
import TestSupport

/// The SQLite binding against the system's `libsqlite3.so.0`: values round-trip, transactions
/// are all or nothing, links are never followed, damage is named, and WAL readers never wait.
@Suite("SQLite binding", .timeLimit(.minutes(5)))
struct SQLiteDatabaseTests {
    @Test func valuesRoundTrip() throws {
        let folder = try TemporaryDirectory(prefix: "sqlite")
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.url.appendingPathComponent("values.db").path)
        try database.execute("CREATE TABLE t (k TEXT PRIMARY KEY, i INTEGER, b BLOB)")
        let blob: [UInt8] = [0, 1, 0xFF, 0, 0x80]
        let text = "Ünïcode \u{1F680} with a NUL\u{0} inside"
        try database.execute("INSERT INTO t VALUES (?, ?, ?)", [.text(text), .integer(.min), .blob(blob)])
        try database.execute("INSERT INTO t VALUES (?, ?, ?)", ["empty", .null, .blob([])])
        var rows: [String: (Int64, Bool, [UInt8]?)] = [:]
        try database.statement("SELECT k, i, b FROM t").forEachRow { row in
            rows[row.text(0) ?? "?"] = (row.integer(1), row.isNull(1), row.blob(2))
        }
        #expect(rows[text]?.0 == .min)
        #expect(rows[text]?.2 == blob)
        #expect(rows["empty"]?.1 == true)
        #expect(rows["empty"]?.2 == [])
        #expect(try database.integer("SELECT count(*) FROM t") == 2)
        #expect(try database.text("SELECT k FROM t WHERE i IS NULL") == "empty")
    }

    @Test func aTransactionIsAllOrNothing() throws {
        let folder = try TemporaryDirectory(prefix: "sqlite")
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.url.appendingPathComponent("tx.db").path)
        try database.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        #expect(throws: SQLiteError.self) {
            try database.transaction { () throws(SQLiteError) in
                try database.execute("INSERT INTO t VALUES ('a')")
                try database.execute("INSERT INTO t VALUES ('a')")  // a constraint failure
            }
        }
        #expect(try database.integer("SELECT count(*) FROM t") == 0)
        try database.transaction { () throws(SQLiteError) in
            try database.execute("INSERT INTO t VALUES ('a')")
            try database.execute("INSERT INTO t VALUES ('b')")
        }
        #expect(try database.integer("SELECT count(*) FROM t") == 2)
    }

    @Test func aSymbolicLinkIsNeverFollowed() throws {
        let folder = try TemporaryDirectory(prefix: "sqlite")
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent("elsewhere.db")
        try Data("keep me".utf8).write(to: target)
        let link = folder.url.appendingPathComponent("cache.db")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let error = #expect(throws: SQLiteError.self) { _ = try SQLiteDatabase(path: link.path) }
        #expect(error?.kind == .cannotOpen)
        #expect(try Data(contentsOf: target) == Data("keep me".utf8))
    }

    @Test func aFileThatIsNotADatabaseIsNamedCorrupt() throws {
        let folder = try TemporaryDirectory(prefix: "sqlite")
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("garbage.db")
        try Data(repeating: 0x5A, count: 4096).write(to: path)
        let database = try SQLiteDatabase(path: path.path)  // SQLite reads lazily
        let error = #expect(throws: SQLiteError.self) { try database.execute("SELECT count(*) FROM sqlite_master") }
        #expect(error?.kind == .corrupt)
    }

    @Test func aMissingLibraryIsASentenceNotACrash() {
        guard case .failure(let error) = SQLiteLibrary.load("libsqlite3-missing.so.0") else {
            Issue.record("a missing library loaded")
            return
        }
        #expect(error.kind == .libraryUnavailable)
        #expect(error.description == "the SQLite library libsqlite3-missing.so.0 could not be loaded")
    }

    @Test func walReadersNeverWaitForAWriter() throws {
        let folder = try TemporaryDirectory(prefix: "sqlite")
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("wal.db").path
        let writer = try SQLiteDatabase(path: path, busyTimeout: .zero)
        #expect(try writer.text("PRAGMA journal_mode=WAL") == "wal")
        try writer.execute("CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT)")
        try writer.execute("INSERT INTO t VALUES ('launch', 'old')")
        let reader = try SQLiteDatabase(path: path, busyTimeout: .zero)
        let secondWriter = try SQLiteDatabase(path: path, busyTimeout: .zero)

        try writer.execute("BEGIN IMMEDIATE")
        try writer.execute("UPDATE t SET v = 'new' WHERE k = 'launch'")
        // The reader sees the last commit at once, with no busy timeout to wait in.
        #expect(try reader.text("SELECT v FROM t WHERE k = 'launch'") == "old")
        // A second writer is told the database is busy rather than writing beside the first.
        let busy = #expect(throws: SQLiteError.self) { try secondWriter.execute("BEGIN IMMEDIATE") }
        #expect(busy?.kind == .busy)
        try writer.execute("COMMIT")
        #expect(try reader.text("SELECT v FROM t WHERE k = 'launch'") == "new")
        try secondWriter.transaction { () throws(SQLiteError) in
            try secondWriter.execute("UPDATE t SET v = 'newer' WHERE k = 'launch'")
        }
        #expect(try reader.text("SELECT v FROM t WHERE k = 'launch'") == "newer")
    }
}
