import Foundation
@testable import CommandLineFiles
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The temporary file an output is prepared in, nameless (`O_TMPFILE`) or named: it gets its
/// name only when complete, a new file never takes a name that is in use, and nothing is left
/// behind when it is given up.
@Suite("temporary output files", .timeLimit(.minutes(5)))
final class TemporaryOutputTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("temporary-output-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test(arguments: [true, false])
    func aNewFileIsPublishedOnlyWhenItsNameIsFree(_ nameless: Bool) throws {
        let path = folder + "/new.txt"
        let first = try TemporaryOutput(in: folder, for: path, mode: 0o640, nameless: nameless)
        defer { first.discard() }
        #expect((first.name == nil) == nameless)
        try first.fill(with: Array("one".utf8), path: path)
        #expect(names.allSatisfy { $0.hasSuffix(".tmp") }, "\(names)")
        try first.publish(at: path, replacing: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one")

        let second = try TemporaryOutput(in: folder, for: path, mode: 0o640, nameless: nameless)
        try second.fill(with: Array("two".utf8), path: path)
        #expect(throws: UserFile.Failure.self) { try second.publish(at: path, replacing: false) }
        second.discard()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one", "a file that appeared meanwhile was replaced")
        #expect(names == ["new.txt"], "left behind: \(names)")
    }

    @Test(arguments: [true, false])
    func aReplacementTakesTheNameAtomicallyAndLeavesNothingElse(_ nameless: Bool) throws {
        let path = folder + "/old.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let temporary = try TemporaryOutput(in: folder, for: path, mode: 0o600, nameless: nameless)
        defer { temporary.discard() }
        try temporary.fill(with: Array("new".utf8), path: path)
        try temporary.publish(at: path, replacing: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(names == ["old.txt"], "left behind: \(names)")
    }

    @Test(arguments: [true, false])
    func aFileGivenUpLeavesNothing(_ nameless: Bool) throws {
        let temporary = try TemporaryOutput(in: folder, for: folder + "/never.txt", mode: 0o600, nameless: nameless)
        try temporary.fill(with: Array(repeating: 0x61, count: 100_000), path: folder + "/never.txt")
        temporary.discard()
        #expect(names.isEmpty, "left behind: \(names)")
    }

    @Test func aMissingFolderIsOneSentenceNotAUsageError() {
        #expect {
            _ = try TemporaryOutput(in: folder + "/missing", for: folder + "/missing/x", mode: 0o600)
        } throws: { error in
            guard let failure = error as? UserFile.Failure else { return false }
            return !failure.isUsage && failure.description.hasSuffix(").") && failure.description.contains(String(cString: strerror(ENOENT)))
        }
    }
}
