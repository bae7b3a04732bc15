import Domain
import JSONFileCredentialStore
import Foundation
import Ports
import Testing

/// Where and how the file keychain stores a credential.
@Suite("JSONFileCredentialStore storage", .timeLimit(.minutes(5)))
struct JSONFileCredentialStoreStorageTests {
    static let endpoint = "https://apollo-fullstack-tutorial.herokuapp.com/graphql"
    static let token = "c2VjcmV0LXRva2VuLTQy"
    static let alice = Credential(email: try! EmailAddress("alice@example.com"), token: AuthToken(token))
    static let bob = Credential(email: try! EmailAddress("bob@example.org"), token: AuthToken("Ym9iLXRva2Vu"))

    @Test("The file name is derived from the endpoint, never from the token or email")
    func fileName() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try await keychain.save(Self.alice)
            let names = try CredentialStoreContractFiles.names(in: folder)
            #expect(names == [keychain.fileURL.lastPathComponent])
            let name = try #require(names.first)
            #expect(!name.contains(Self.token))
            #expect(!name.contains("alice"))
            #expect(name.wholeMatch(of: /credential-[0-9a-f]{16}\.json/) != nil)
        }
    }

    @Test("The file name is the FNV-1a 64 hash of the endpoint")
    func fileNameHash() {
        // Published FNV-1a 64 test vectors.
        #expect(JSONFileCredentialStore(directory: URL(filePath: "/x"), endpoint: "").fileURL.lastPathComponent == "credential-cbf29ce484222325.json")
        #expect(JSONFileCredentialStore(directory: URL(filePath: "/x"), endpoint: "a").fileURL.lastPathComponent == "credential-af63dc4c8601ec8c.json")
        #expect(JSONFileCredentialStore(directory: URL(filePath: "/x"), endpoint: "foobar").fileURL.lastPathComponent == "credential-85944171f73967e8.json")
    }

    @Test("The file holds version, endpoint, email and token as JSON")
    func fileContent() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try await keychain.save(Self.alice)
            let data = try Data(contentsOf: keychain.fileURL)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["version"] as? Int == 1)
            #expect(object["endpoint"] as? String == Self.endpoint)
            #expect(object["email"] as? String == "alice@example.com")
            #expect(object["token"] as? String == Self.token)
            #expect(object.count == 4)
        }
    }

    @Test("A new instance on the same folder reads what another saved")
    func persistsAcrossInstances() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            try await JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint).save(Self.alice)
            #expect(try await JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint).credential() == Self.alice)
        }
    }

    @Test("Saving over a file replaces it by rename and leaves no temporary file")
    func atomicReplacement() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try await keychain.save(Self.alice)
            let before = try CredentialStoreContractFiles.inode(of: keychain.fileURL)
            try await keychain.save(Self.bob)
            let after = try CredentialStoreContractFiles.inode(of: keychain.fileURL)
            #expect(before != after)
            #expect(try CredentialStoreContractFiles.names(in: folder) == [keychain.fileURL.lastPathComponent])
            #expect(try await keychain.credential() == Self.bob)
        }
    }

    @Test("A failed save leaves no temporary file behind")
    func failedSaveCleansUp() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            try await keychain.save(Self.alice)
            // A folder where the file should be: the rename fails after the temporary file is written.
            try FileManager.default.removeItem(at: keychain.fileURL)
            try FileManager.default.createDirectory(at: keychain.fileURL.appending(path: "occupied"), withIntermediateDirectories: true)
            await #expect(throws: CredentialStoreError.self) { try await keychain.save(Self.bob) }
            #expect(try CredentialStoreContractFiles.names(in: folder) == [keychain.fileURL.lastPathComponent])
        }
    }

    @Test("A file written for another endpoint reads as absent")
    func otherEndpointIgnored() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let other = JSONFileCredentialStore(directory: folder, endpoint: "https://evil.example/graphql")
            try await other.save(Self.alice)
            let keychain = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            #expect(try await keychain.credential() == nil)
            // Even placed under this endpoint's file name, the other endpoint's token is not returned.
            try FileManager.default.copyItem(at: other.fileURL, to: keychain.fileURL)
            #expect(try await keychain.credential() == nil)
            #expect(try await other.credential() == Self.alice)
        }
    }

    @Test("Removing one endpoint's credential keeps the others")
    func removeIsPerEndpoint() async throws {
        try await CredentialStoreContractTemporaryDirectory.with { folder in
            let first = JSONFileCredentialStore(directory: folder, endpoint: Self.endpoint)
            let second = JSONFileCredentialStore(directory: folder, endpoint: "http://localhost:4000/graphql")
            try await first.save(Self.alice)
            try await second.save(Self.bob)
            try await first.removeCredential()
            #expect(try await first.credential() == nil)
            #expect(try await second.credential() == Self.bob)
        }
    }
}
