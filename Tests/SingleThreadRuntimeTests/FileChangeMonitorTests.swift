import Foundation
import SingleThreadRuntime
import Testing

/// The file monitor reports writes, creations and renames of the files it was given, ends when
/// stopped or when its folder goes, and gives its descriptors back.
@Suite("File change monitor", .timeLimit(.minutes(2)))
struct FileChangeMonitorTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("monitor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A monitor of `names` in `folder` whose callbacks arrive on the returned stream.
    private static func monitor(_ folder: URL, names: Set<String>) throws -> (FileChangeMonitor, AsyncStream<Void>) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let monitor = try #require(FileChangeMonitor(folder: folder.path, names: names) { continuation.yield() })
        return (monitor, stream)
    }

    @Test func aWriteCreationAndRenameOfAWatchedFileEachCallBack() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (monitor, stream) = try Self.monitor(folder, names: ["db", "db-wal"])
        var events = stream.makeAsyncIterator()
        #expect(monitor.isActive)

        try Data("a".utf8).write(to: folder.appendingPathComponent("db-wal"))
        #expect(await events.next() != nil)
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("db-wal"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("b".utf8))
        #expect(await events.next() != nil)
        try handle.close()
        try Data("c".utf8).write(to: folder.appendingPathComponent("other"))
        try FileManager.default.moveItem(at: folder.appendingPathComponent("other"), to: folder.appendingPathComponent("db"))
        #expect(await events.next() != nil)
        monitor.stop()
        #expect(!monitor.isActive)
    }

    @Test func aMissingFolderCannotBeMonitored() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        #expect(FileChangeMonitor(folder: missing.path, names: ["db"]) {} == nil)
    }

    @Test func removingTheFolderEndsTheMonitorWithACallback() async throws {
        let folder = try Self.folder()
        let (monitor, stream) = try Self.monitor(folder, names: ["db"])
        var events = stream.makeAsyncIterator()
        try FileManager.default.removeItem(at: folder)
        #expect(await events.next() != nil)
        #expect(await Eventually.holds { !monitor.isActive })
    }

    /// The kernel allows a user 128 inotify instances (`max_user_instances`): had a released
    /// monitor kept its instance, the 300 below would run out of them. A monitor's thread gives
    /// its instance back once it has seen its wake-up, so a creation may wait for an earlier one.
    @Test func releasedMonitorsGiveTheirInstancesBack() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for _ in 0..<300 {
            let created = await Eventually.holds { FileChangeMonitor(folder: folder.path, names: ["db"]) {} != nil }
            #expect(created)
            guard created else { return }
        }
    }
}

/// Bounded waits on conditions that another thread makes true.
private enum Eventually {
    /// Whether `condition` holds within about 60 s of yielding and short naps.
    static func holds(_ condition: @Sendable () -> Bool) async -> Bool {
        for _ in 0..<60_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }
}
