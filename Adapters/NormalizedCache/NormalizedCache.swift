#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CacheRecords
import CacheStorage
import GraphQLClient
import JSON
import SingleThreadRuntime

/// A normalized GraphQL cache: answers split into records keyed by object identity, so an
/// object fetched by one operation updates every other operation that contains it.
///
/// Records stay in the ``CachePersistence`` given at creation (SQLite on disk, or memory): a
/// read fetches only the records its query reaches, from one consistent snapshot, and a write
/// stores only the records its answer holds, in one transaction. Nothing is loaded whole, so
/// every operation costs the same with a hundred records stored or a million. Storage failures
/// are reported through the persistence's warning callback, never thrown.
///
/// Every record remembers when it was received; with ``CacheConfiguration/maxAge`` an older
/// record is a miss.
///
/// By default the actor runs on a dispatch queue of its own (``CacheQueueExecutor``): its file
/// I/O never blocks the Swift concurrency pool.
public actor NormalizedCache {
    private let executor: any SerialExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    let backend: any CacheBackend
    let configuration: CacheConfiguration
    /// How many ``withExclusiveAccess(_:)`` scopes are open (their saves are never skipped).
    private var exclusiveDepth = 0
    /// Wakes watchers after this process's writes (``watch(_:variables:pollInterval:)``).
    let changes = CacheChangeSignal()
    /// Wakes watchers after other processes' commits: started by the first watch, ended with
    /// the cache (`nil` in memory, or where the system cannot report file events).
    var fileMonitor: FileChangeMonitor?
    /// Optimistic layers in force (``performOptimistically(_:_:)``), oldest first.
    var optimisticLayers: [(id: Int, records: [String: CacheRecord])] = []
    var nextOptimisticLayer = 0

    /// - Parameters:
    ///   - persistence: Where the records are kept.
    ///   - configuration: How old a record may be, and the clock.
    ///   - executor: Where the cache's work (file I/O included) runs; by default a dispatch queue
    ///     of its own. A single-threaded program may pass the executor its tasks run on.
    public init(
        persistence: CachePersistence = .inMemory(),
        configuration: CacheConfiguration = CacheConfiguration(),
        executor: (any SerialExecutor)? = nil
    ) {
        self.backend = persistence.backend
        self.configuration = configuration
        self.executor = executor ?? CacheQueueExecutor()
    }

    /// The answer to a query from the cache alone, or `nil` unless every selected field is
    /// cached (and fresh enough for ``CacheConfiguration/maxAge``).
    public func read(_ operation: GraphQLOperation, variables: [String: JSONValue] = [:]) -> [String: JSONValue]? {
        cachedAnswer(operation, variables: variables)?.data
    }

    /// The answer to a query from the cache alone with its age, or `nil` unless every selected
    /// field is cached (and fresh enough for ``CacheConfiguration/maxAge``).
    public func cachedAnswer(_ operation: GraphQLOperation, variables: [String: JSONValue] = [:]) -> CachedAnswer? {
        let now = configuration.nowMilliseconds
        let oldestAllowed = configuration.maxAgeMilliseconds.map { now &- $0 }
        let (answer, used) = readRecords { snapshot -> (CachedAnswer?, [String]) in
            var store = RecordStore(snapshot: snapshot)
            let data = store.read(operation, variables: variables, oldestAllowed: oldestAllowed)
            let answer = data.map {
                CachedAnswer(data: $0, receivedAt: Date(timeIntervalSince1970: Double(store.oldestReceivedAt ?? now) / 1_000))
            }
            return (answer, answer == nil ? [] : store.keysToMarkUsed(at: now))
        }
        if !used.isEmpty { backend.markUsed(used, at: now) }
        return answer
    }

    /// Normalizes an operation's `data` into records and stores them. With
    /// `unlessMutatedSince` (from ``mutationStamp()``, taken before the query was sent), nothing
    /// is stored if a mutation changed the persistence meanwhile: the answer may predate it.
    /// - Throws: ``CacheIdentityError`` when an object of the answer claims an identity its path
    ///   and the schema do not give it (see ``AnswerNormalizer``); then nothing of the answer
    ///   is written.
    public func write(
        _ data: [String: JSONValue],
        for operation: GraphQLOperation,
        variables: [String: JSONValue] = [:],
        unlessMutatedSince stamp: UInt64? = nil
    ) throws(CacheIdentityError) {
        let records = try AnswerNormalizer.records(data, for: operation, variables: variables)
        // Every field of each record is the answer's: merged over what is stored.
        let updates = records.map { RecordUpdate(key: $0.key, change: RecordChange(writesAllFields: true), local: $0.value) }
        save(updates, unlessMutatedSince: stamp)
    }

    /// How many mutations have changed the persistence; take it before sending a query. `nil`
    /// inside a ``withExclusiveAccess(_:)`` scope and for caches in memory.
    public func mutationStamp() async throws -> UInt64? {
        exclusiveDepth > 0 ? nil : backend.mutationCount()
    }

    /// Whether ``mutationStamp()`` answers at once (the persistence is open): then it is taken
    /// before the request, else while the session connects (``CacheWriteInterceptor``).
    var stampIsReady: Bool { exclusiveDepth > 0 || backend.isOpen }

    /// Counts a mutation that may have changed the server (a success, or an unknown outcome),
    /// so that queries fetched before it are not stored over its outcome.
    public func noteMutation() {
        save([], countsMutation: true)
    }

    /// Sets one field of a record, e.g. `setField("isBooked", of: "Launch:25", to: false)`.
    /// `field` is a cache field key: the name, plus arguments when the field has any.
    public func setField(_ field: String, of key: String, to value: JSONValue) {
        save([RecordUpdate(key: key, change: RecordChange(setting: [field]), local: [field: .scalar(value)])])
    }

    /// Removes one field of a record, so reads that select it miss.
    public func removeField(_ field: String, of key: String) {
        var change = RecordChange()
        change.didRemove(field)
        save([RecordUpdate(key: key, change: change, local: nil)], receivedNow: false)
    }

    /// Removes a whole record, so reads that reach it miss.
    public func removeRecord(_ key: String) {
        save([RecordUpdate(key: key, change: RecordChange(dropsStoredRecord: true), local: nil)], receivedNow: false)
    }

    /// The record stored under `key`, if any.
    public func record(_ key: String) -> CacheRecord? {
        readRecords { snapshot in
            var store = RecordStore(snapshot: snapshot)
            return store.record(key)
        }
    }

    /// Forgets every record (for example deletes the database and its files).
    public func removeAll() throws(CacheRemovalError) {
        try backend.removeAll()
        changes.signal(keys: nil)
    }

    /// How much the persistence holds.
    public func storageSummary() throws(CacheStorageError) -> CacheStorageSummary {
        try backend.summary()
    }

    /// Runs `body` while no other process can run such a scope on the same persistence.
    ///
    /// A mutation and its cache update run inside one scope, so that mutations from parallel
    /// processes reach the cache in the order the server ran them. Waiting is cancellable;
    /// readers never wait for it.
    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let access = try await backend.beginExclusiveAccess()
        defer { backend.endExclusiveAccess(access) }
        exclusiveDepth += 1
        defer { exclusiveDepth -= 1 }
        return try await body()
    }

    /// Every stored record, for maintenance.
    func allStoredRecords() -> [String: CacheRecord] { backend.allRecords() }

    /// Stores maintenance updates, keeping the records' ages.
    func saveMaintenance(_ updates: [RecordUpdate]) { save(updates, receivedNow: false) }

    private func save(
        _ updates: [RecordUpdate], countsMutation: Bool = false, unlessMutatedSince stamp: UInt64? = nil, receivedNow: Bool = true
    ) {
        guard !updates.isEmpty || countsMutation else { return }
        backend.save(
            updates,
            receivedAt: receivedNow ? configuration.nowMilliseconds : nil,
            countsMutation: countsMutation,
            unlessMutatedSince: exclusiveDepth > 0 ? nil : stamp
        )
        changes.signal(keys: Set(updates.map(\.key)))
    }
}
