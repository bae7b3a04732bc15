import Foundation
import SQLite

/// What a cache database holds, as comparable bytes: every record's key and body and the
/// cache's bookkeeping, in key order, without the records' timestamps (which say when an
/// answer arrived or was used, not what is cached).
///
/// Snapshots of a state folder compare caches by this instead of by their files' bytes:
/// SQLite rewrites pages, logs and headers in ways that change no record.
public enum CacheDump {
    /// The dump of the database at `path`, or `nil` when it cannot be read as one (then its
    /// raw bytes are what a snapshot compares).
    public static func dump(_ path: String) -> Data? {
        guard let database = try? SQLiteDatabase(path: path, busyTimeout: .seconds(30)) else { return nil }
        var dump = Data()
        do {
            try database.statement("SELECT key, body FROM records ORDER BY key").forEachRow { row in
                dump.append(contentsOf: Array((row.text(0) ?? "").utf8) + [0])
                dump.append(contentsOf: (row.blob(1) ?? []) + [0xFF])
            }
            try database.statement("SELECT name, value FROM state ORDER BY name").forEachRow { row in
                dump.append(contentsOf: Array("\(row.text(0) ?? "")=\(row.integer(1))".utf8) + [0])
            }
        } catch {
            return nil
        }
        return dump
    }

    /// SQLite's own check of the database at `path`: `ok`, or what is wrong (`nil` when it
    /// cannot be opened at all).
    public static func integrityCheck(_ path: String) -> String? {
        guard let database = try? SQLiteDatabase(path: path, busyTimeout: .seconds(30)) else { return nil }
        return (try? database.text("PRAGMA integrity_check")) ?? nil
    }

    /// Makes every record of the database at `path` `seconds` older, as if received that long ago.
    public static func age(_ path: String, bySeconds seconds: Int64) throws {
        let database = try SQLiteDatabase(path: path, busyTimeout: .seconds(30))
        try database.execute("UPDATE records SET received_at = received_at - ?1, used_at = used_at - ?1", [.integer(seconds * 1_000)])
    }

    /// Whether a file is one SQLite keeps beside a database (its log, its index) or the lock
    /// file that orders mutations: none of them holds cached data of its own.
    public static func isCompanion(_ name: String) -> Bool {
        name.hasSuffix(".sqlite-wal") || name.hasSuffix(".sqlite-shm") || name.hasSuffix(".sqlite-journal") || name.hasSuffix(".sqlite.lock")
    }
}
