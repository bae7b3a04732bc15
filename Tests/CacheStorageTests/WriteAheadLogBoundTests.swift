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
}
