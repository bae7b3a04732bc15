import Domain
import JSONFileCredentialStore
import Foundation
import Ports
import Testing

/// A damaged credential file is reported unreadable, without the token, and left as it is.
@Suite("JSONFileCredentialStore damaged files", .timeLimit(.minutes(5)))
struct JSONFileCredentialStoreCorruptionTests {
    static let endpoint = "https://apollo-fullstack-tutorial.herokuapp.com/graphql"
    static let token = "c2VjcmV0LXRva2VuLTQy"

    /// A damaged file's content, named for the test results.
    struct Damage: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let content: String
    }

    static let valid = #"{"email":"alice@example.com","endpoint":"\#(endpoint)","token":"\#(token)","version":1}"#

    static let damages: [Damage] = [
        Damage(testDescription: "empty", content: ""),
        Damage(testDescription: "truncated", content: String(valid.prefix(valid.count / 2))),
        Damage(testDescription: "not JSON", content: "token=\(token)"),
        Damage(testDescription: "a JSON array", content: #"["\#(token)"]"#),
        Damage(testDescription: "missing email", content: #"{"endpoint":"\#(endpoint)","token":"\#(token)","version":1}"#),
        Damage(testDescription: "token of the wrong type", content: #"{"email":"alice@example.com","endpoint":"\#(endpoint)","token":42,"version":1}"#),
        Damage(testDescription: "invalid email", content: #"{"email":"\#(token)","endpoint":"\#(endpoint)","token":"\#(token)","version":1}"#),
        Damage(testDescription: "empty token", content: #"{"email":"alice@example.com","endpoint":"\#(endpoint)","token":"","version":1}"#),
        Damage(testDescription: "token with a newline", content: #"{"email":"alice@example.com","endpoint":"\#(endpoint)","token":"\#(token)\nX-Evil: 1","version":1}"#),
        Damage(testDescription: "unknown version", content: #"{"email":"alice@example.com","endpoint":"\#(endpoint)","token":"\#(token)","version":2}"#),
        Damage(testDescription: "binary garbage", content: "\u{0}\u{1}\u{FFFD}\u{7F}"),
        Damage(testDescription: "version as a string", content: #"{"email":"alice@example.com","endpoint":"\#(endpoint)","token":"\#(token)","version":"1"}"#),
        Damage(testDescription: "fractional version", content: #"{"email":"alice@example.com","endpoint":"\#(endpoint)","token":"\#(token)","version":1.5}"#),
        Damage(testDescription: "null endpoint", content: #"{"email":"alice@example.com","endpoint":null,"token":"\#(token)","version":1}"#),
        Damage(testDescription: "trailing garbage", content: valid + "x"),
        Damage(testDescription: "two objects", content: valid + valid),
    ]

    @Test("A damaged file is unreadable, the detail omits the token, and the file is untouched", arguments: damages)
    func damagedFile(_ damage: Damage) async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            let original = Data(damage.content.utf8)
            try CredentialStoreContractFiles.write(original, to: keychain.fileURL)
            try await Self.expectUnreadable(keychain)
            #expect(try Data(contentsOf: keychain.fileURL) == original)
        }
    }

    @Test("The valid fixture itself is read, so the damaged cases fail for their damage")
    func validFixtureReads() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try CredentialStoreContractFiles.write(Data(Self.valid.utf8), to: keychain.fileURL)
            #expect(try await keychain.credential()?.token.rawValue == Self.token)
        }
    }

    @Test("A file larger than the limit is unreadable and left untouched")
    func hugeFile() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            // Valid JSON padded past the limit, so only the size can make it unreadable.
            let padding = String(repeating: " ", count: JSONFileCredentialStore.maximumFileSize)
            let original = Data((padding + Self.valid).utf8)
            try CredentialStoreContractFiles.write(original, to: keychain.fileURL)
            try await Self.expectUnreadable(keychain)
            #expect(try Data(contentsOf: keychain.fileURL) == original)
        }
    }

    @Test("A symlink in place of the file is not followed")
    func symlinkRefused() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            let elsewhere = folder.appending(path: "elsewhere.json")
            try CredentialStoreContractFiles.write(Data(Self.valid.utf8), to: elsewhere)
            try FileManager.default.createSymbolicLink(at: keychain.fileURL, withDestinationURL: elsewhere)
            try await Self.expectUnreadable(keychain)
        }
    }

    @Test("A folder in place of the file is unreadable")
    func folderInPlace() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try FileManager.default.createDirectory(at: keychain.fileURL, withIntermediateDirectories: false)
            try await Self.expectUnreadable(keychain)
        }
    }

    @Test("Removing a damaged file succeeds, so logging out always recovers")
    func removeDamaged() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try CredentialStoreContractFiles.write(Data("garbage".utf8), to: keychain.fileURL)
            try await keychain.removeCredential()
            #expect(try await keychain.credential() == nil)
        }
    }

    /// Expects `.unreadable` with a detail that does not contain the fixture token.
    static func expectUnreadable(_ keychain: JSONFileCredentialStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        do {
            let credential = try await keychain.credential()
            Issue.record("Expected unreadable, read \(String(describing: credential))", sourceLocation: sourceLocation)
        } catch {
            guard case .unreadable(let detail) = error else {
                Issue.record("Expected unreadable, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(!detail.isEmpty, sourceLocation: sourceLocation)
            #expect(!"\(error)".contains(Self.token), sourceLocation: sourceLocation)
        }
    }
}
