import CacheRecords
import CacheStorage

// The public types of the cache's parts, named under this module, so that `import
// NormalizedCache` names them as it did before the records and the storage had targets of
// their own (no target re-exports another).

/// A field's value in a cache record (``CacheRecords/CacheValue``).
public typealias CacheValue = CacheRecords.CacheValue
/// A cache record: field keys to values (``CacheRecords/CacheRecord``).
public typealias CacheRecord = CacheRecords.CacheRecord
/// How records are keyed (``CacheRecords/CacheKeys``).
public typealias CacheKeys = CacheRecords.CacheKeys
/// Why an answer was refused by the cache (``CacheRecords/CacheIdentityError``).
public typealias CacheIdentityError = CacheRecords.CacheIdentityError
/// The binary format of the earlier whole-file cache (``CacheStorage/CacheFileFormat``).
public typealias CacheFileFormat = CacheStorage.CacheFileFormat
/// Why a persistence could not be inspected (``CacheStorage/CacheStorageError``).
public typealias CacheStorageError = CacheStorage.CacheStorageError
/// How much a persistence holds (``CacheStorage/CacheStorageSummary``).
public typealias CacheStorageSummary = CacheStorage.CacheStorageSummary
/// A persisted cache that could not be deleted (``CacheStorage/CacheRemovalError``).
public typealias CacheRemovalError = CacheStorage.CacheRemovalError
