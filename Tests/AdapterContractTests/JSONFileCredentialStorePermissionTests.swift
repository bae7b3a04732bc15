import Domain
import JSONFileCredentialStore
import Foundation
import Ports
import Testing

/// The file keychain keeps its folder 0700 and its file 0600, and never widens either.
@Suite("JSONFileCredentialStore permissions", .timeLimit(.minutes(5)))
struct JSONFileCredentialStorePermissionTests {
    static let endpoint = "https://apollo-fullstack-tutorial.herokuapp.com/graphql"
    static let alice = Credential(email: try! EmailAddress("alice@example.com"), token: AuthToken("c2VjcmV0LXRva2VuLTQy"))

    @Test("Saving creates the folder (and missing parents) 0700 and the file 0600")
    func createdModes() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { root in
            let parent = root.appending(path: "config")
            let folder = parent.appending(path: "rocket-reserver")
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try await keychain.save(Self.alice)
            #expect(try CredentialStoreContractFiles.mode(of: parent) == 0o700)
            #expect(try CredentialStoreContractFiles.mode(of: folder) == 0o700)
            #expect(try CredentialStoreContractFiles.mode(of: keychain.fileURL) == 0o600)
        }
    }

    @Test("An existing folder open to others is tightened to 0700 on save")
    func folderTightened() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { root in
            let folder = root.appending(path: "keychain")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try CredentialStoreContractFiles.setMode(0o755, of: folder)
            try await JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint).save(Self.alice)
            #expect(try CredentialStoreContractFiles.mode(of: folder) == 0o700)
        }
    }

    @Test("The parent of an existing folder is left alone")
    func parentNotTouched() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { root in
            try CredentialStoreContractFiles.setMode(0o755, of: root)
            try await JSONFileCredentialStore(directory: root.appending(path: "keychain"), endpoint: Self.endpoint).save(Self.alice)
            #expect(try CredentialStoreContractFiles.mode(of: root) == 0o755)
        }
    }

    @Test("A 0644 file we own is repaired to 0600 and still read")
    func fileRepaired() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try await keychain.save(Self.alice)
            try CredentialStoreContractFiles.setMode(0o644, of: keychain.fileURL)
            #expect(try await keychain.credential() == Self.alice)
            #expect(try CredentialStoreContractFiles.mode(of: keychain.fileURL) == 0o600)
        }
    }

    @Test(
        "A file open to others and owned by someone else is refused, not widened or read",
        .enabled(if: CredentialStoreContractFiles.runningAsRoot, "chown needs root")
    )
    func foreignFileRefused() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try await keychain.save(Self.alice)
            try CredentialStoreContractFiles.setMode(0o644, of: keychain.fileURL)
            try CredentialStoreContractFiles.setOwner(65_534, of: keychain.fileURL)
            await #expect {
                try await keychain.credential()
            } throws: { error in
                guard case .insecurePermissions = error as? CredentialStoreError else { return false }
                return true
            }
            #expect(try CredentialStoreContractFiles.mode(of: keychain.fileURL) == 0o644)
        }
    }

    @Test(
        "A file we may not read is reported unreadable",
        .enabled(if: !CredentialStoreContractFiles.runningAsRoot, "root reads files whatever their mode")
    )
    func permissionDenied() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try await keychain.save(Self.alice)
            try CredentialStoreContractFiles.setMode(0o000, of: keychain.fileURL)
            defer { try? CredentialStoreContractFiles.setMode(0o600, of: keychain.fileURL) }
            await #expect {
                try await keychain.credential()
            } throws: { error in
                guard case .unreadable = error as? CredentialStoreError else { return false }
                return true
            }
        }
    }
}
