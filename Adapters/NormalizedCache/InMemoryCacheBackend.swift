import Synchronization

/// Keeps records in memory, shared by every cache given the same ``CachePersistence``; bounded
/// by the encoded size of its records, evicting the least recently used first, like the
/// SQLite backend.
final class InMemoryCacheBackend: CacheBackend {
    private struct Entry {
        var body: [UInt8]
        var receivedAt: Int64
        var usedAt: Int64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    private struct Snapshot: StoredRecords {
        let entries: [String: Entry]
        func record(_ key: String) -> StoredRecord? {
            entries[key].map { StoredRecord(slot: .encoded($0.body[...]), receivedAt: $0.receivedAt) }
        }
    }

    private let state = Mutex(State())
    private let maximumBytes: Int?

    init(maximumBytes: Int?) {
        self.maximumBytes = maximumBytes
    }

    func read<Result>(_ body: (any StoredRecords) -> Result) -> Result {
        body(Snapshot(entries: state.withLock { $0.entries }))
    }

    func save(_ updates: [RecordUpdate], receivedAt: Int64?, countsMutation: Bool, unlessMutatedSince: UInt64?) {
        state.withLock { state in
            for update in updates {
                let old = state.entries[update.key]
                let new = update.change.apply(local: update.local, over: old.flatMap { RecordCodec.decode($0.body[...]) })
                state.bytes -= old.map { Self.size(update.key, $0.body) } ?? 0
                guard let new else {
                    state.entries[update.key] = nil
                    continue
                }
                let stamp = receivedAt ?? old?.receivedAt ?? 0
                let entry = Entry(body: RecordCodec.encode(new), receivedAt: stamp, usedAt: max(stamp, old?.usedAt ?? 0))
                state.bytes += Self.size(update.key, entry.body)
                state.entries[update.key] = entry
            }
            if let maximumBytes, state.bytes > maximumBytes { Self.evict(&state, below: maximumBytes) }
        }
    }

    func markUsed(_ keys: [String], at time: Int64) {
        state.withLock { state in
            for key in keys where state.entries[key] != nil { state.entries[key]?.usedAt = time }
        }
    }

    func mutationCount() -> UInt64? { nil }

    /// Nothing to do: saves are atomic under the mutex, and there is no other process.
    func beginExclusiveAccess() async throws -> Int32? { nil }

    func endExclusiveAccess(_ access: Int32?) {}

    func allRecords() -> [String: CacheRecord] {
        state.withLock { $0.entries }.compactMapValues { RecordCodec.decode($0.body[...]) }
    }

    func summary() -> CacheStorageSummary {
        state.withLock { state in
            let stamps = state.entries.values.map(\.receivedAt)
            let range = stamps.min().flatMap { low in stamps.max().map { low...$0 } }
            return CacheStorageSummary(path: nil, exists: !state.entries.isEmpty, bytes: state.bytes, records: state.entries.count, receivedRange: range)
        }
    }

    func removeAll() {
        state.withLock { $0 = State() }
    }

    /// What a record counts for against the bound: its key and its encoded body.
    private static func size(_ key: String, _ body: [UInt8]) -> Int { key.utf8.count + body.count }

    /// Removes the least recently used records until the rest take at most 90% of the bound.
    private static func evict(_ state: inout State, below bound: Int) {
        let target = bound / 10 * 9
        for (key, entry) in state.entries.sorted(by: { ($0.value.usedAt, $0.key) < ($1.value.usedAt, $1.key) }) {
            guard state.bytes > target else { return }
            state.entries[key] = nil
            state.bytes -= size(key, entry.body)
        }
    }
}
