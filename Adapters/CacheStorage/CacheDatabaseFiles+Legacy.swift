import Glibc
import CacheRecords
import POSIXSupport
import SQLite

extension CacheDatabaseFiles {
    /// The largest old cache file imported (the old format's own limit).
    static let maximumLegacyFileSize = 64 * 1024 * 1024

    /// Imports the records of the old `.rrcache` file, if there is one, then removes it and its
    /// lock and temporary files, so nothing cached is lost on upgrade. Records the database
    /// already holds are newer and stay; imported ones count as received when the file was last
    /// written. Runs under the old file's lock, so two processes never import it twice.
    /// - Returns: a warning when the file could not be used (it is removed all the same, unless
    ///   it could not be read at all), or `nil`.
    func importLegacyFile(into database: CacheDatabase) -> String? {
        guard let legacyPath, Self.kind(legacyPath) != nil else { return nil }
        var warning: String?
        do {
            try FileIO.withExclusiveLock(legacyPath + ".lock", onDamage: { _ in }) {
                warning = try importLocked(legacyPath, into: database)
            }
            try FileIO.remove(legacyPath + ".lock")
        } catch {
            return "Could not import the old GraphQL cache file \(legacyPath): \(error)."
        }
        return warning
    }

    private func importLocked(_ legacyPath: String, into database: CacheDatabase) throws -> String? {
        let receivedAt = Self.modificationTime(legacyPath)
        let bytes: [UInt8]?
        do {
            bytes = try FileIO.read(legacyPath, limit: Self.maximumLegacyFileSize)
        } catch {
            try removeLegacy(legacyPath)
            return "Discarded the old GraphQL cache file \(legacyPath): \(error)."
        }
        guard let bytes else { return nil }  // another process imported it meanwhile
        let stored: [String: ArraySlice<UInt8>]
        do {
            stored = try CacheFileFormat.index(bytes)
        } catch {
            try removeLegacy(legacyPath)
            return "Discarded the old GraphQL cache file \(legacyPath): \(error)."
        }
        try database.write { () throws(SQLite.SQLiteError) in
            for (key, body) in stored where key != CacheKeys.cacheState {
                if try database.record(key) == nil { try database.insert(key, body: Array(body), receivedAt: receivedAt) }
            }
        }
        try removeLegacy(legacyPath)
        return nil
    }

    private func removeLegacy(_ legacyPath: String) throws(FileIO.Failure) {
        try FileIO.remove(legacyPath)
        for temporary in FileIO.temporaryFiles(of: legacyPath) { try FileIO.remove(temporary) }
    }

    /// When the file was last written, in milliseconds since 1970 (0 when unknown).
    private static func modificationTime(_ path: String) -> Int64 {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return Int64(info.st_mtim.tv_sec) * 1_000 + Int64(info.st_mtim.tv_nsec) / 1_000_000
    }
}
