import CacheRecords
import Synchronization

/// Keeps records in memory, decoded, shared by every cache given the same ``CachePersistence``;
/// bounded by the records' estimated encoded size (``RecordSize``), evicting the least
/// recently used first, like the SQLite backend.
package final class InMemoryCacheBackend: CacheBackend {
    private struct Entry {
        var record: CacheRecord
        var size: Int
        var receivedAt: Int64
        var usedAt: Int64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var settings: [String: Int64] = [:]
    }

    private struct Snapshot: StoredRecords {
        let entries: [String: Entry]
        func record(_ key: String) -> StoredRecord? {
            entries[key].map { StoredRecord(slot: .decoded($0.record), receivedAt: $0.receivedAt) }
        }
    }

    private let state = Mutex(State())
    private let maximumBytes: Int?

    package init(maximumBytes: Int?) {
        self.maximumBytes = maximumBytes
    }

    package func read<Result: Sendable>(_ body: @Sendable (any StoredRecords) -> Result) -> Result {
        body(Snapshot(entries: state.withLock { $0.entries }))
    }

    package func save(_ updates: [RecordUpdate], receivedAt: Int64?, countsMutation: Bool, unlessMutatedSince: UInt64?) {
        state.withLock { state in
            for update in updates {
                let old = state.entries.removeValue(forKey: update.key)
                let new = update.change.apply(local: update.local, over: old?.record)
                state.bytes -= old?.size ?? 0
                guard let new else { continue }
                let stamp = receivedAt ?? old?.receivedAt ?? 0
                let size = maximumBytes == nil ? 0 : RecordSize.estimate(key: update.key, new)
                state.entries[update.key] = Entry(record: new, size: size, receivedAt: stamp, usedAt: max(stamp, old?.usedAt ?? 0))
                state.bytes += size
            }
            if let maximumBytes, state.bytes > maximumBytes { Self.evict(&state, below: maximumBytes) }
        }
    }

    package func markUsed(_ keys: [String], at time: Int64) {
        state.withLock { state in
            for key in keys where state.entries[key] != nil { state.entries[key]?.usedAt = time }
        }
    }

    package func mutationCount() -> UInt64? { nil }

    /// Nothing to do: saves are atomic under the mutex, and there is no other process.
    package func beginExclusiveAccess() async throws -> Int32? { nil }

    package func endExclusiveAccess(_ access: Int32?) {}

    package func allRecords() -> [String: CacheRecord] {
        state.withLock { $0.entries }.mapValues(\.record)
    }

    package func summary() -> CacheStorageSummary {
        state.withLock { state in
            let stamps = state.entries.values.map(\.receivedAt)
            let range = stamps.min().flatMap { low in stamps.max().map { low...$0 } }
            let bytes = maximumBytes == nil ? state.entries.reduce(0) { $0 + RecordSize.estimate(key: $1.key, $1.value.record) } : state.bytes
            return CacheStorageSummary(path: nil, exists: !state.entries.isEmpty, bytes: bytes, records: state.entries.count, receivedRange: range)
        }
    }

    package func removeAll() {
        state.withLock { $0 = State() }
    }

    /// Removes the least recently used records until the rest take at most 90% of the bound.
    private static func evict(_ state: inout State, below bound: Int) {
        let target = bound / 10 * 9
        for (key, entry) in state.entries.sorted(by: { ($0.value.usedAt, $0.key) < ($1.value.usedAt, $1.key) }) {
            guard state.bytes > target else { return }
            state.entries[key] = nil
            state.bytes -= entry.size
        }
    }

    package func setting(named name: String) -> Int64? {
        state.withLock { $0.settings[name] }
    }

    package func storeSetting(_ value: Int64?, named name: String) {
        state.withLock { $0.settings[name] = value }
    }
}
