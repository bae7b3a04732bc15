import Foundation
import POSIXSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A file the user names is read following links but never blocking: a FIFO, a device or a
/// folder is refused at once (judged on the open descriptor), a regular file is read whole.
@Suite("Named files", .timeLimit(.minutes(5)))
struct NamedFileTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("named-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func aRegularFileAndALinkToItAreRead() throws {
        try Data("pem".utf8).write(to: URL(fileURLWithPath: path("ca.pem")))
        try FileManager.default.createSymbolicLink(atPath: path("link.pem"), withDestinationPath: path("ca.pem"))
        #expect(try FileIO.readNamed(path("ca.pem"), limit: 16) == Array("pem".utf8))
        #expect(try FileIO.readNamed(path("link.pem"), limit: 16) == Array("pem".utf8))
        #expect(try FileIO.isNamedRegularFile(path("link.pem"), limit: 16))
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func nothingThereIsNil() throws {
        #expect(try FileIO.readNamed(path("missing.pem"), limit: 16) == nil)
        #expect(try FileIO.isNamedRegularFile(path("missing.pem"), limit: 16) == false)
        #expect(try FileIO.readNamed("/etc/passwd/under-a-file", limit: 16) == nil)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Each would block or mislead a plain open-and-read; each is refused without waiting.
    @Test func aFIFOADeviceAFolderAndAnOversizedFileAreRefused() throws {
        try #require(mkfifo(path("fifo"), 0o600) == 0)
        try Data(count: 32).write(to: URL(fileURLWithPath: path("big")))
        let cases = [(path("fifo"), "it is a FIFO, not a regular file"), ("/dev/zero", "it is a device, not a regular file"),
                     (folder.path, "it is a folder, not a regular file"), (path("big"), "it is larger than 16 bytes")]
        for (file, reason) in cases {
            #expect(throws: (any Error).self) { try FileIO.readNamed(file, limit: 16) }
            do {
                _ = try FileIO.readNamed(file, limit: 16)
            } catch {
                #expect(error.isDamage && error.description == reason, "\(file): \(error)")
            }
            #expect(throws: (any Error).self) { try FileIO.isNamedRegularFile(file, limit: 16) }
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
