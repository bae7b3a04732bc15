#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient

extension PersistedQueryMemory {
    /// That `endpoint` does not support persisted queries, kept among `cache`'s settings: it
    /// goes when the cache is cleared, and the next process on the same cache sends full
    /// documents at once instead of asking again. The setting is read once per process; a cache
    /// that cannot store settings still remembers it for the process.
    public static func kept(in cache: NormalizedCache, for endpoint: URL) -> PersistedQueryMemory {
        let recollection = Recollection(cache: cache, name: "persisted-queries-unsupported " + endpoint.absoluteString)
        return PersistedQueryMemory(isUnsupported: { await recollection.isUnsupported() }, noteUnsupported: { await recollection.note() })
    }
}

/// The setting, read on first use and kept for the process.
private actor Recollection {
    let cache: NormalizedCache
    let name: String
    var known: Bool?

    init(cache: NormalizedCache, name: String) {
        self.cache = cache
        self.name = name
    }

    func isUnsupported() async -> Bool {
        if let known { return known }
        let stored = await cache.setting(named: name) == 1
        known = known ?? stored
        return known ?? stored
    }

    func note() async {
        known = true
        await cache.storeSetting(1, named: name)
    }
}
