import Foundation

/// A fresh, uniquely named folder under the system's temporary directory, removed afterwards.
enum CredentialStoreContractTemporaryDirectory {
    /// Runs `body` with a new empty folder and removes the folder when `body` returns or throws.
    static func with<T>(_ body: (URL) async throws -> T) async throws -> T {
        let url = FileManager.default.temporaryDirectory
            .appending(path: "rocket-reserver-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(url)
    }
}
