import CacheStorage
import Foundation
import SQLite
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The database and the files SQLite keeps beside it (`-wal`, `-shm`, `-journal`) are one
/// thing (issue 34): links in the folders above them are followed, a link at any of them never
/// is, and when any of them is not a regular file the whole set is moved aside together, so the
/// next use works. Nothing is ever written through a link, and no empty file is left behind.
@Suite(.timeLimit(.minutes(2)))
struct CacheFileSetTests {
    /// Where the symbolic link sits on the way to the database.
    static let linkPlacements = ["the database's folder", "a folder above it", "a chain of two links", "a relative link"]

    @Test(arguments: linkPlacements)
    func linksInTheFoldersAboveTheDatabaseAreFollowed(_ placement: String) throws {
        let directory = try TemporaryDirectory(prefix: "files")
        defer { directory.remove() }
        let root = directory.url
        let real = root.appendingPathComponent("real/cache")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let file: URL
        switch placement {
        case "the database's folder":
            #expect(symlink(real.path, root.appendingPathComponent("link").path) == 0)
            file = root.appendingPathComponent("link/user.sqlite")
        case "a folder above it":
            #expect(symlink(root.appendingPathComponent("real").path, root.appendingPathComponent("link").path) == 0)
            file = root.appendingPathComponent("link/cache/user.sqlite")
        case "a chain of two links":
            #expect(symlink(root.appendingPathComponent("real").path, root.appendingPathComponent("first").path) == 0)
            #expect(symlink(root.appendingPathComponent("first").path, root.appendingPathComponent("second").path) == 0)
            file = root.appendingPathComponent("second/cache/user.sqlite")
        default:
            #expect(symlink("real/cache", root.appendingPathComponent("link").path) == 0)
            file = root.appendingPathComponent("link/user.sqlite")
        }
        let warnings = WarningLog()
        SQLiteCacheBackend.at(file, onWarning: warnings.callback).setField("isBooked", of: "Launch:2", to: 1)
        let reloaded = SQLiteCacheBackend.at(file, onWarning: warnings.callback)
        #expect(reloaded.record("Launch:2")?["isBooked"] == .scalar(.int(1)), "the cache did not keep the record")
        #expect(warnings.messages.isEmpty, "\(warnings.messages)")
        // The database is a regular file in the real folder, reached through the link.
        #expect(Self.kind(real.appendingPathComponent("user.sqlite").path) == S_IFREG)
        #expect(Self.kind(real.appendingPathComponent("user.sqlite.damaged").path) == nil)
    }

    /// The members of the set a link may be put at.
    static let members = ["", "-wal", "-shm", "-journal"]

    @Test(arguments: members)
    func aLinkAtTheDatabaseOrBesideItIsNeverFollowed(_ suffix: String) throws {
        let directory = try TemporaryDirectory(prefix: "files")
        defer { directory.remove() }
        let folder = directory.url
        let file = folder.appendingPathComponent("user.sqlite")
        SQLiteCacheBackend.at(file).setField("value", of: "Item:1", to: 1)
        let target = folder.appendingPathComponent("target")
        try Data("not yours".utf8).write(to: target)
        let dangling = folder.appendingPathComponent("never-created").path
        try? FileManager.default.removeItem(atPath: file.path + suffix)
        // The database's link points at a file, a companion's nowhere: neither may be written.
        #expect(symlink(suffix.isEmpty ? target.path : dangling, file.path + suffix) == 0)

        let warnings = WarningLog()
        let cache = SQLiteCacheBackend.at(file, onWarning: warnings.callback)
        cache.setField("value", of: "Item:2", to: 2)
        #expect(warnings.messages.count == 1, "\(warnings.messages)")
        let warning = warnings.messages.first ?? ""
        #expect(warning.hasPrefix("Moved the damaged GraphQL cache \(file.path) aside"), "\(warning)")
        #expect(warning.contains("symbolic link"), "\(warning)")
        if !suffix.isEmpty { #expect(warning.contains("its \(suffix) file"), "\(warning)") }
        #expect(try String(contentsOf: target, encoding: .utf8) == "not yours", "the link's target was written")
        #expect(Self.kind(dangling) == nil, "a file was created through the link")
        #expect(Self.kind(file.path + suffix) != S_IFLNK, "the link is still there")
        let reloaded = SQLiteCacheBackend.at(file, onWarning: warnings.callback)
        #expect(reloaded.record("Item:2")?["value"] == .scalar(.int(2)))
        #expect(warnings.messages.count == 1, "\(warnings.messages)")
    }

    /// Something that is not a regular file at one member of the set, with or without the
    /// others as an earlier process left them (the write-ahead log and its index are kept).
    struct Damage: Sendable, CustomTestStringConvertible {
        var member: String
        var kind: String
        /// Whether a database with a record (and its `-wal` and `-shm`) is there first.
        var withDatabase: Bool

        var testDescription: String { "\(kind) at \(member.isEmpty ? "the database" : member)\(withDatabase ? " beside a database" : " alone")" }
    }

    static let damages: [Damage] = [
        Damage(member: "", kind: "fifo", withDatabase: true),
        Damage(member: "", kind: "folder", withDatabase: true),
        Damage(member: "", kind: "socket", withDatabase: true),
        Damage(member: "-wal", kind: "fifo", withDatabase: true),
        Damage(member: "-wal", kind: "socket", withDatabase: true),
        Damage(member: "-shm", kind: "folder", withDatabase: true),
        Damage(member: "-shm", kind: "fifo", withDatabase: true),
        Damage(member: "-journal", kind: "fifo", withDatabase: true),
        Damage(member: "-wal", kind: "fifo", withDatabase: false),
        Damage(member: "-shm", kind: "folder", withDatabase: false),
    ]

    @Test(arguments: damages)
    func aSetWithAMemberThatIsNotAFileIsMovedAsideTogether(_ damage: Damage) throws {
        let directory = try TemporaryDirectory(prefix: "files")
        defer { directory.remove() }
        let folder = directory.url
        let file = folder.appendingPathComponent("user.sqlite")
        if damage.withDatabase {
            SQLiteCacheBackend.at(file).setField("value", of: "Item:1", to: 1)
            #expect(Self.kind(file.path + "-wal") == S_IFREG && Self.kind(file.path + "-shm") == S_IFREG, "the log and its index stay")
        }
        let odd = file.path + damage.member
        try? FileManager.default.removeItem(atPath: odd)
        try Self.make(damage.kind, at: odd)

        for attempt in 1...2 {
            let warnings = WarningLog()
            let cache = SQLiteCacheBackend.at(file, onWarning: warnings.callback)
            if attempt == 1 {
                cache.setField("value", of: "Item:2", to: 2)
                #expect(warnings.messages.count == 1, "\(warnings.messages)")
                #expect(warnings.messages.first?.hasPrefix("Moved the damaged GraphQL cache \(file.path) aside") == true, "\(warnings.messages)")
            } else {
                // The next use finds a working cache, without a word.
                #expect(cache.record("Item:2")?["value"] == .scalar(.int(2)))
                #expect(warnings.messages.isEmpty, "\(warnings.messages)")
            }
        }
        for suffix in Self.members {
            let kind = Self.kind(file.path + suffix)
            #expect(kind == nil || kind == S_IFREG, "\(file.lastPathComponent + suffix) is still not a regular file")
        }
    }

    @Test func aFolderThatIsNotEmptyBesideTheDatabaseIsRefusedAndNothingIsMoved() throws {
        let directory = try TemporaryDirectory(prefix: "files")
        defer { directory.remove() }
        let folder = directory.url
        let file = folder.appendingPathComponent("user.sqlite")
        SQLiteCacheBackend.at(file).setField("value", of: "Item:1", to: 1)
        // Folded into the database, so that it holds the record without its log.
        try SQLiteDatabase(path: file.path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try? FileManager.default.removeItem(atPath: file.path + "-wal")
        try FileManager.default.createDirectory(atPath: file.path + "-wal/kept", withIntermediateDirectories: true)

        let warnings = WarningLog()
        let cache = SQLiteCacheBackend.at(file, onWarning: warnings.callback)
        #expect(cache.record("Item:1") == nil)
        cache.setField("value", of: "Item:2", to: 2)
        #expect(warnings.messages.count == 1, "\(warnings.messages)")
        let warning = warnings.messages.first ?? ""
        #expect(warning == "Could not open the GraphQL cache \(file.path): \(file.path)-wal is a folder that is not empty (remove it by hand); nothing is cached.")
        // Refused as a whole: the database stays where it was, the folder's content too.
        #expect(Self.kind(file.path) == S_IFREG && Self.kind(file.path + ".damaged") == nil)
        #expect(Self.kind(file.path + "-wal/kept") == S_IFDIR)

        try FileManager.default.removeItem(atPath: file.path + "-wal")
        let repaired = SQLiteCacheBackend.at(file, onWarning: warnings.callback)
        #expect(repaired.record("Item:1")?["value"] == .scalar(.int(1)), "the database was kept")
        #expect(warnings.messages.count == 1)
    }

    @Test func noEmptyDatabaseIsLeftWhenTheDatabaseCannotBeOpened() throws {
        let directory = try TemporaryDirectory(prefix: "files")
        defer { directory.remove() }
        let root = directory.url
        // Longer than SQLite's 512-byte path limit, well within the system's: the file can be
        // made, SQLite refuses to open it.
        var deep = root
        while deep.path.utf8.count < 600 { deep = deep.appendingPathComponent(String(repeating: "d", count: 60)) }
        let file = deep.appendingPathComponent("user.sqlite")
        let warnings = WarningLog()
        let cache = SQLiteCacheBackend.at(file, onWarning: warnings.callback)
        cache.setField("value", of: "Item:1", to: 1)
        #expect(cache.record("Item:1") == nil)
        #expect(warnings.messages.count == 1 && warnings.messages.first?.hasPrefix("Could not open the GraphQL cache") == true, "\(warnings.messages)")
        #expect(warnings.messages.first?.hasSuffix("nothing is cached.") == true)
        let left = try FileManager.default.contentsOfDirectory(atPath: deep.path)
        #expect(left.isEmpty, "left behind: \(left)")
    }

    // MARK: Helpers

    /// The file type bits of what is at `path`, never following a link; `nil` when nothing is.
    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Makes a FIFO, a folder (with something in it) or a bound Unix socket at `path`.
    static func make(_ kind: String, at path: String) throws {
        switch kind {
        case "fifo":
            try #require(mkfifo(path, 0o600) == 0)
        case "folder":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            if !path.hasSuffix("-wal"), !path.hasSuffix("-shm"), !path.hasSuffix("-journal") {
                // A folder at the database itself is moved aside whole, whatever it holds.
                try Data("mine".utf8).write(to: URL(fileURLWithPath: path + "/note"))
            }
        default:
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            try #require(path.utf8.count < MemoryLayout.size(ofValue: address.sun_path))
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
        }
    }
}
