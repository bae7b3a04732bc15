import Foundation
import POSIXSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CacheFileFormat {
    /// How many records a cache file holds, after checking its checksum, without decoding
    /// any record body (the keys are read; the bodies are skipped by their length prefixes).
    public static func recordCount(_ data: Data) throws(DecodingError) -> Int {
        try index([UInt8](data)).count
    }

    /// The size and record count of the cache file at `url`, or `nil` when there is none.
    ///
    /// The file is read as the cache reads it: never through a symlink, never blocking on a FIFO,
    /// and only when it is a regular file within the cache's size bound. Anything else, like a
    /// file whose checksum fails, holds no usable record (the next command replaces it).
    public static func summary(ofFileAt url: URL) throws -> (bytes: Int, records: Int)? {
        let bytes: [UInt8]?
        do {
            bytes = try FileIO.read(url.path, limit: FileCacheBackend.maximumFileSize)
        } catch {
            guard error.isDamage else { throw error }
            var info = stat()
            let isRegular = lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            return (isRegular ? Int(info.st_size) : 0, 0)
        }
        guard let bytes else { return nil }
        return (bytes.count, (try? index(bytes).count) ?? 0)
    }
}
