import Foundation

extension CacheFileFormat {
    /// How many records a cache file holds, after checking its checksum, without decoding
    /// any record body (the keys are read; the bodies are skipped by their length prefixes).
    public static func recordCount(_ data: Data) throws(DecodingError) -> Int {
        try index([UInt8](data)).count
    }
}
