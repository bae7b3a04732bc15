import CacheStorage
import Foundation
import SQLite
import Testing
import TestSupport

/// The write-ahead log is kept between processes, and every process that opens the database
/// first reads and checksums each page it holds to rebuild its index: a cache hit pays for the
/// log's length. A write empties it into the database once it passes 1 MiB (256 pages).
@Suite(.timeLimit(.minutes(5)))
struct WriteAheadLogBoundTests {
    @Test func manyShortLivedWritersLeaveAShortLog() throws {
        let directory = try TemporaryDirectory(prefix: "wal-bound")
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("cache.sqlite")
        // Each write on a connection of its own, closed after it, as each command's process does.
        for number in 0..<400 {
            SQLiteCacheBackend.at(file).setField("number", of: "Record:\(number)", to: number)
        }
        #expect(SQLiteCacheBackend.at(file).record("Record:399") != nil)
        // The pages the log holds, as the next process finds them (a passive checkpoint reports them).
        var logPages: Int64 = -1
        try SQLiteDatabase(path: file.path).statement("PRAGMA wal_checkpoint(PASSIVE)").forEachRow { row in
            logPages = row.integer(1)
        }
        #expect(logPages >= 0)
        #expect(logPages <= 256 + 8, "the log held \(logPages) pages")
        // SQLite's own bound is 1,000 pages: these 400 writes alone stay under it.
    }

    /// While another connection reads, the log is left as it is (no write waits for that reader);
    /// a cache hit's best-effort marks never empty it (the disk flushes would be the hit's); the
    /// next real write does, down to an empty file.
    @Test func aReaderDefersTheEmptyingAndACacheHitsMarksNeverDoIt() throws {
        let directory = try TemporaryDirectory(prefix: "wal-reader")
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("cache.sqlite")
        let log = file.path + "-wal"
        SQLiteCacheBackend.at(file).setField("number", of: "Record:0", to: 0)
        let reader = try SQLiteDatabase(path: file.path)
        try reader.execute("BEGIN")
        _ = try reader.integer("SELECT count(*) FROM records")
        for number in 1...400 {
            SQLiteCacheBackend.at(file).setField("number", of: "Record:\(number)", to: number)
        }
        try reader.execute("COMMIT")
        #expect(try Self.size(log) > 1024 * 1024, "the reader kept the log from being emptied")
        // A cache hit: it reads (which opens the database), then marks what it read as used.
        let hit = SQLiteCacheBackend.at(file)
        #expect(hit.record("Record:1") != nil)
        hit.markUsed(["Record:1"], at: Int64.max / 2)
        #expect(try reader.integer("SELECT used_at FROM records WHERE key = 'Record:1'") == Int64.max / 2, "the mark was written")
        #expect(try Self.size(log) > 1024 * 1024, "the mark left the log as it was")
        SQLiteCacheBackend.at(file).setField("number", of: "Record:401", to: 401)
        #expect(try Self.size(log) == 0, "the next write emptied the log")
    }

    private static func size(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }
}
