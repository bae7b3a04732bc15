#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import POSIXSupport

extension CacheFileLocation {
    /// Where the endpoint's schema is kept for `rocket-reserver query`:
    /// `schema-<endpoint hash>.graphqls` in the cache folder (one per endpoint, no user data).
    public static func schemaURL(in directory: URL, endpoint: String) -> URL {
        directory.appendingPathComponent("schema-\(FNV1a.hex(endpoint)).graphqls")
    }
}
