import Synchronization

/// Keeps records in memory, shared by every cache given the same ``CachePersistence``.
final class InMemoryCacheBackend: CacheBackend {
    private let records = Mutex<[String: CacheRecord]>([:])

    func load() -> [String: RecordStore.Slot] {
        records.withLock { $0.mapValues { .decoded($0) } }
    }

    func save(_ updates: [RecordUpdate], lockHeld: Bool, countsMutation: Bool, unlessMutatedSince: UInt64?) {
        records.withLock { records in
            for update in updates {
                records[update.key] = update.change.apply(local: update.local, over: records[update.key])
            }
        }
    }

    func mutationCount() async throws -> UInt64? { nil }

    /// Nothing to do: saves are atomic under the mutex, and there is no other process.
    func beginExclusiveAccess() async throws -> Int32? { nil }

    func endExclusiveAccess(_ access: Int32?) {}

    func removeAll() {
        records.withLock { $0 = [:] }
    }
}
