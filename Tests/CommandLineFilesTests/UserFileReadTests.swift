import Foundation
@testable import CommandLineFiles
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A file the user names to be read (`query FILE`, `--schema FILE`): opened once without
/// blocking, then checked, so a FIFO or a device is refused at once and never read; bounded;
/// UTF-8 only.
@Suite("user files read", .timeLimit(.minutes(5)))
final class UserFileReadTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("user-file-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func failure(_ path: String) -> UserFile.Failure? {
        do {
            _ = try UserFile.read(path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFIFOWithoutAWriterAndADeviceAreRefusedWithoutBlocking() throws {
        let fifo = folder + "/pipe.graphql"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(failure(fifo) == UserFile.Failure(isUsage: true, description: "\(fifo.count > 40 ? String(fifo.prefix(40)) + "…" : fifo) is not a regular file."))
        #expect(failure("/dev/zero")?.description == "/dev/zero is not a regular file.")
        #expect(failure(folder)?.isUsage == true)
    }

    @Test func theSizeLimitIsExactAndTextMustBeUTF8() throws {
        let exact = folder + "/exact"
        try Data(repeating: 0x61, count: UserFile.maximumSize).write(to: URL(fileURLWithPath: exact))
        #expect(try UserFile.read(exact).utf8.count == UserFile.maximumSize)
        let over = folder + "/over"
        try Data(repeating: 0x61, count: UserFile.maximumSize + 1).write(to: URL(fileURLWithPath: over))
        #expect(failure(over)?.description.hasSuffix("is larger than \(UserFile.maximumSize) bytes.") == true)
        let binary = folder + "/binary"
        try Data([0x71, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))
        #expect(failure(binary)?.description.hasSuffix("is not UTF-8 text.") == true)
        let empty = folder + "/empty"
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try UserFile.read(empty) == "")
    }

    @Test func aSymlinkIsFollowedAndAMissingFileIsAUsageMistake() throws {
        let target = folder + "/target.graphql"
        try Data("query Q { hello }".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, folder + "/link.graphql") == 0)
        #expect(try UserFile.read(folder + "/link.graphql") == "query Q { hello }")
        #expect(symlink(folder + "/nowhere", folder + "/dangling") == 0)
        #expect(failure(folder + "/dangling")?.isUsage == true)
        #expect(failure(folder + "/missing")?.description.hasPrefix("There is no file") == true)
    }
}
