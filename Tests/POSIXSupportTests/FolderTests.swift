import Foundation
import POSIXSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Folders the state lives in: created owner-only with their parents, and listed by name.
@Suite("Folders", .timeLimit(.minutes(5)))
struct FolderTests {
    private let root: String

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("folders-\(UUID().uuidString)").path
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    @Test func missingParentsAreCreatedOwnerOnlyWhateverTheUmask() throws {
        let previous = umask(0o002)
        defer { umask(previous); try? FileManager.default.removeItem(atPath: root) }
        try FileIO.createFolder(root + "/a/b/c")
        #expect(mode(root) == 0o700)
        #expect(mode(root + "/a") == 0o700)
        #expect(mode(root + "/a/b/c") == 0o700)
    }

    @Test func anExistingFolderIsLeftAsItIs() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        try FileIO.createFolder(root)
        try FileIO.createFolder(root + "//")
        #expect(mode(root) == 0o755)
    }

    @Test func aFileInTheWayIsAFailureNamingWhy() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileIO.createFolder(root)
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/file"))
        #expect(throws: FileIO.Failure.self) { try FileIO.createFolder(root + "/file/sub") }
        do {
            try FileIO.createFolder(root + "/file")
            Issue.record("a file was taken for a folder")
        } catch {
            #expect(error.reason == String(cString: strerror(ENOTDIR)))
        }
    }

    @Test func namesAreListedWithoutDotEntriesAndAMissingFolderIsNil() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try FileIO.names(in: root) == nil)
        #expect(try FileIO.names(in: "/etc/passwd/under-a-file") == nil)
        try FileIO.createFolder(root)
        #expect(try FileIO.names(in: root) == [])
        for name in ["b.sqlite", ".hidden", "café ☕︎"] { try Data().write(to: URL(fileURLWithPath: root + "/" + name)) }
        try FileIO.createFolder(root + "/sub")
        #expect(try FileIO.names(in: root)?.sorted() == [".hidden", "b.sqlite", "café ☕︎", "sub"])
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any folder"))
    func anUnreadableFolderIsAFailure() throws {
        defer { chmod(root, 0o700); try? FileManager.default.removeItem(atPath: root) }
        try FileIO.createFolder(root)
        chmod(root, 0o000)
        #expect(throws: FileIO.Failure.self) { try FileIO.names(in: root) }
    }
}

