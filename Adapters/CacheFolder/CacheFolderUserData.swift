#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NormalizedCache
import Ports
import POSIXSupport

/// Every user's cached data for one endpoint: the cache databases named
/// `cache-<endpoint hash>-<user hash>.sqlite` (see ``CacheFileLocation``), with their companion,
/// lock and earlier-format files, found by the endpoint's prefix so that no email is needed to find them
/// (the stored login may be unreadable). The anonymous cache holds no user data and stays.
///
/// Removing also sweeps stale temporary files from both state folders, so after a logout no
/// leftover of a killed write (which may hold the token) remains.
public struct CacheFolderUserData: UserDataCache {
    /// The folder every endpoint's and user's cache is in.
    let cacheDirectory: URL
    /// The folder of the stored logins, swept of stale temporary files too.
    let credentialsDirectory: URL
    /// The start of the names of the endpoint's cache files.
    let prefix: String
    /// The endpoint's anonymous cache database, which holds no user data and stays.
    let anonymous: String

    /// Finds the endpoint's user caches by the endpoint's prefix.
    /// - Parameters:
    ///   - cacheDirectory: The folder every endpoint's and user's cache is in.
    ///   - credentialsDirectory: The folder of the stored logins.
    ///   - endpoint: The endpoint whose users' caches are removed.
    public init(cacheDirectory: URL, credentialsDirectory: URL, endpoint: String) {
        self.cacheDirectory = cacheDirectory
        self.credentialsDirectory = credentialsDirectory
        prefix = CacheFileLocation.prefix(endpoint: endpoint)
        anonymous = CacheFileLocation.url(in: cacheDirectory, endpoint: endpoint, user: nil).lastPathComponent
    }

    public func removeAll() async throws(UserDataCacheError) {
        var problems: [String] = []
        for url in userCacheFiles() {
            do {
                try await NormalizedCache(persistence: CacheFileLocation.persistence(of: url, maximumBytes: nil)).removeAll()
            } catch {
                problems.append("\(error)")
            }
        }
        for folder in [credentialsDirectory, cacheDirectory] {
            for path in StaleTemporaryFiles.sweep(folder) {
                problems.append("the temporary file \(path) could not be removed")
            }
        }
        guard problems.isEmpty else { throw UserDataCacheError(problems.joined(separator: "; ")) }
    }

    /// The cache databases of the endpoint's users, including those that only left a
    /// companion, lock, earlier-format or temporary file behind.
    func userCacheFiles() -> [URL] {
        let names = (try? FileIO.names(in: cacheDirectory.path)) ?? []
        var files: Set<String> = []
        for name in names {
            guard let base = CacheFileLocation.databaseName(of: name), base.hasPrefix(prefix), base != anonymous else { continue }
            files.insert(base)
        }
        return files.sorted().map { cacheDirectory.appendingPathComponent($0) }
    }
}
