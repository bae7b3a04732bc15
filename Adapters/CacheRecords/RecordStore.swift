/// The records one cache operation reads, fetched from a snapshot of the backend as the
/// operation reaches them (never the whole store), decoded only as far as they are used.
package struct RecordStore {
    /// A record as stored (still encoded) or as used (decoded).
    package enum Slot: Sendable {
        case encoded(ArraySlice<UInt8>)
        case decoded(CacheRecord)
    }

    private let snapshot: any StoredRecords
    /// Records already fetched (`nil`: known to be absent).
    private var fetched: [String: StoredRecord?] = [:]
    /// When the oldest record read so far was received (milliseconds since 1970).
    package private(set) var oldestReceivedAt: Int64?

    package init(snapshot: any StoredRecords) {
        self.snapshot = snapshot
    }

    /// Reads are marked as uses at most once an hour per record (milliseconds), so a cache hit
    /// almost never writes (a write costs the log's checkpoint and its `fsync`s at exit).
    package static let useGranularity: Int64 = 3_600_000

    /// The keys read so far whose use mark is older than `time` minus `granularity` (or
    /// unknown), for the backend's least-recently-used bookkeeping: a read that finds every
    /// mark recent writes nothing.
    package func keysToMarkUsed(at time: Int64, granularity: Int64 = useGranularity) -> [String] {
        fetched.compactMap { key, record in
            guard let record else { return nil }
            guard let usedAt = record.usedAt else { return key }
            return usedAt < time &- granularity ? key : nil
        }
    }

    /// Every key looked up so far, found or not (what a cache watch must be woken for).
    package var reachedKeys: Set<String> { Set(fetched.keys) }

    /// The stored record under `key`, fetched once per operation.
    mutating func stored(_ key: String) -> StoredRecord? {
        if let known = fetched[key] { return known }
        let record = snapshot.record(key)
        fetched[key] = .some(record)
        if let record { noteReceived(record) }
        return record
    }

    /// Fetches, in one round trip, the records of `keys` not fetched yet (a list's elements).
    mutating func prefetch(_ keys: [String]) {
        let missing = keys.filter { fetched[$0] == nil }
        guard missing.count > 1 else { return }
        var found = 0
        let snapshot = self.snapshot
        snapshot.records(missing) { key, record in
            fetched[key] = .some(record)
            noteReceived(record)
            found += 1
        }
        // Absent records are remembered as absent (one more lookup each, only when some are).
        guard found < missing.count else { return }
        for key in missing where fetched[key] == nil { fetched[key] = .some(nil) }
    }

    /// The slot of a record already fetched: `nil` when not fetched, `.some(nil)` when absent.
    func fetchedSlot(_ key: String) -> RecordStore.Slot?? {
        guard let known = fetched[key] else { return nil }
        return .some(known?.slot)
    }

    /// Keeps ``oldestReceivedAt`` the oldest stamp of the records read.
    private mutating func noteReceived(_ record: StoredRecord) {
        oldestReceivedAt = min(oldestReceivedAt ?? record.receivedAt, record.receivedAt)
    }

    /// The record under `key`, decoded; an undecodable record counts as absent.
    package mutating func record(_ key: String) -> CacheRecord? {
        stored(key).flatMap { RecordCodec.record($0.slot) }
    }
}
