#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain
import JSON
import Ports
import POSIXSupport
import SingleThreadRuntime
import Glibc

/// A credential store that keeps one login per endpoint in a private file (the tutorial's keychain).
///
/// The credential lives in `<directory>/credential-<hash of endpoint>.json` as
/// `{"email":…,"endpoint":…,"token":…,"version":1}`, mode 0600, in a folder of mode 0700.
/// Writes are atomic (temporary file, `fsync`, `rename`, `fsync` of the folder). A file
/// written for another endpoint reads as absent, so a token only goes back to its issuer.
/// Error details never contain the token.
public struct JSONFileCredentialStore: CredentialStore {
    /// The largest credential file read; larger ones are reported unreadable.
    public static let maximumFileSize = 64 * 1024

    /// The folder holding the credential files.
    public let directory: URL
    /// The endpoint this store is scoped to, for example `https://apollo-fullstack-tutorial.herokuapp.com/graphql`.
    public let endpoint: String

    /// Creates a store for `endpoint` keeping its file in `directory` (created on first save).
    public init(directory: URL, endpoint: String) {
        self.directory = directory
        self.endpoint = endpoint
    }

    /// The file this store reads and writes.
    public var fileURL: URL {
        directory.appending(path: CredentialFileName.forEndpoint(endpoint), directoryHint: .notDirectory)
    }

    public func credential() async throws(CredentialStoreError) -> Credential? {
        let data: Data
        do {
            guard let content = try PrivateFileReader(url: fileURL, limit: Self.maximumFileSize).read() else {
                return nil
            }
            data = content
        } catch {
            throw Self.readError(error)
        }
        // The client's own JSON parser, not JSONDecoder: this runs before every request, and
        // JSONDecoder's first use costs more than the rest of the read (Docs/Performance.md).
        guard let json = try? JSONParser.parse(data), let stored = try? StoredCredential(json: json) else {
            throw .unreadable("the file is empty, truncated or not a stored login")
        }
        guard stored.endpoint == endpoint else { return nil }
        do {
            return try stored.credential()
        } catch {
            switch error {
            case .unsupportedVersion(let version): throw .unreadable("the file has unsupported format version \(version)")
            case .invalidEmail: throw .unreadable("the stored email address is not valid")
            case .invalidToken: throw .unreadable("the stored token is empty or malformed")
            case .notARecord: throw .unreadable("the file is empty, truncated or not a stored login")
            }
        }
    }

    /// Writes the credential atomically, off the cooperative pool (the write ends in `fsync`).
    public func save(_ credential: Credential) async throws(CredentialStoreError) {
        try await FileWorkQueue.run { () throws(CredentialStoreError) in try saveNow(credential) }
    }

    private func saveNow(_ credential: Credential) throws(CredentialStoreError) {
        do {
            try PrivateDirectory(url: directory).prepare()
        } catch {
            switch error {
            case .system(let failure): throw .unwritable("the folder could not be created: \(failure)")
            case .notADirectory: throw .unwritable("the folder's path is taken by something that is not a folder")
            case .notPrivate(let failure):
                throw .insecurePermissions("the folder is open to others and could not be made private: \(failure)")
            }
        }
        var bytes: [UInt8] = []
        JSONWriter.write(StoredCredential(credential, endpoint: endpoint).json, into: &bytes)
        do {
            try FileIO.writeAtomically(bytes, to: fileURL.path(percentEncoded: false))
        } catch {
            throw .unwritable("\(error)")
        }
    }

    /// Removes the credential file, off the cooperative pool. When it cannot be unlinked (a
    /// read-only folder), its content is erased in place, so the token does not stay on disk,
    /// and the error says so.
    public func removeCredential() async throws(CredentialStoreError) {
        try await FileWorkQueue.run { () throws(CredentialStoreError) in try removeNow() }
    }

    private func removeNow() throws(CredentialStoreError) {
        let path = fileURL.path(percentEncoded: false)
        guard unlink(path) == 0 else {
            let failure = SystemCallError("unlink")
            if failure.code == ENOENT || failure.code == ENOTDIR { return }
            let erased = Self.erase(path) ? "its content was erased" : "its content could not be erased either"
            throw .unremovable("\(path): \(failure); \(erased)")
        }
        do {
            try FileIO.syncFolder(directory.path(percentEncoded: false))
        } catch {
            throw .unremovable("the removal could not be flushed to disk: \(error)")
        }
    }

    /// Truncates the regular file at `path` to nothing (never through a symlink); `true` when done.
    private static func erase(_ path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return ftruncate(descriptor, 0) == 0 && fsync(descriptor) == 0
    }

    private static func readError(_ failure: PrivateFileReader.Failure) -> CredentialStoreError {
        switch failure {
        case .system(let error): .unreadable("\(error)")
        case .notARegularFile: .unreadable("the path is not a regular file")
        case .tooLarge(let limit): .unreadable("the file is larger than \(limit) bytes")
        case .notPrivate(let detail): .insecurePermissions(detail)
        }
    }
}
