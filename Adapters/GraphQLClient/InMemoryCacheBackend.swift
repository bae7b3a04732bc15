import Synchronization

/// Keeps records in memory, shared by every cache given the same ``CachePersistence``.
final class InMemoryCacheBackend: CacheBackend {
    private let records = Mutex<[String: CacheRecord]>([:])

    func load() -> [String: RecordStore.Slot] {
        records.withLock { $0.mapValues { .decoded($0) } }
    }

    func save(_ updates: [RecordUpdate]) {
        records.withLock { records in
            for update in updates {
                records[update.key] = update.change.apply(local: update.local, over: records[update.key])
            }
        }
    }

    func removeAll() {
        records.withLock { $0 = [:] }
    }
}
