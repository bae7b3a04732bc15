import GraphQLClient
import JSON

/// A normalized GraphQL cache: answers split into records keyed by object identity, so an
/// object fetched by one operation updates every other operation that contains it.
///
/// Records live in memory and are loaded lazily from, and saved after each change to, the
/// ``CachePersistence`` given at creation. Saving failures are reported through the
/// persistence's warning callback, never thrown.
///
/// By default the actor runs on a dispatch queue of its own (``CacheQueueExecutor``): its file
/// I/O never blocks the Swift concurrency pool.
public actor NormalizedCache {
    private let executor: any SerialExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let backend: any CacheBackend
    private var store = RecordStore()
    private var isLoaded = false
    /// How many ``withExclusiveAccess(_:)`` scopes are open (saves then need no lock of their own).
    private var exclusiveDepth = 0

    /// - Parameters:
    ///   - persistence: Where the records are loaded from and saved to.
    ///   - executor: Where the cache's work (file I/O included) runs; by default a dispatch queue
    ///     of its own. A single-threaded program may pass the executor its tasks run on.
    public init(persistence: CachePersistence = .inMemory(), executor: (any SerialExecutor)? = nil) {
        self.backend = persistence.backend
        self.executor = executor ?? CacheQueueExecutor()
    }

    /// The answer to a query from the cache alone, or `nil` unless every selected field is cached.
    public func read(_ operation: GraphQLOperation, variables: [String: JSONValue] = [:]) -> [String: JSONValue]? {
        loadIfNeeded()
        return store.read(operation, variables: variables)
    }

    /// Normalizes an operation's `data` into records and saves what changed. With
    /// `unlessMutatedSince` (from ``mutationStamp()``, taken before the query was sent), nothing
    /// is saved if a mutation changed the persistence meanwhile: the answer may predate it. The
    /// records in memory are updated either way.
    /// - Throws: ``CacheIdentityError`` when an object of the answer claims an identity its path
    ///   and the schema do not give it (see ``AnswerNormalizer``); then nothing of the answer
    ///   is written, in memory or stored.
    public func write(
        _ data: [String: JSONValue],
        for operation: GraphQLOperation,
        variables: [String: JSONValue] = [:],
        unlessMutatedSince stamp: UInt64? = nil
    ) throws(CacheIdentityError) {
        loadIfNeeded()
        try store.write(data, for: operation, variables: variables)
        save(unlessMutatedSince: stamp)
    }

    /// How many mutations have changed the persistence, read once none is in flight (another
    /// process's ``withExclusiveAccess(_:)``); take it before sending a query. `nil` inside
    /// such a scope and for caches in memory.
    public func mutationStamp() async throws -> UInt64? {
        exclusiveDepth > 0 ? nil : try await backend.mutationCount()
    }

    /// Counts a mutation that may have changed the server (a success, or an unknown outcome),
    /// so that queries fetched before it are not saved over its outcome.
    public func noteMutation() {
        loadIfNeeded()
        save(countsMutation: true)
    }

    /// Sets one field of a record, e.g. `setField("isBooked", of: "Launch:25", to: false)`.
    /// `field` is a cache field key: the name, plus arguments when the field has any.
    public func setField(_ field: String, of key: String, to value: JSONValue) {
        loadIfNeeded()
        store.merge([field: .scalar(value)], into: key)
        save()
    }

    /// Removes one field of a record, so reads that select it miss.
    public func removeField(_ field: String, of key: String) {
        loadIfNeeded()
        store.removeField(field, of: key)
        save()
    }

    /// Removes a whole record, so reads that reach it miss.
    public func removeRecord(_ key: String) {
        loadIfNeeded()
        store.removeRecord(key)
        save()
    }

    /// The record stored under `key`, if any.
    public func record(_ key: String) -> CacheRecord? {
        loadIfNeeded()
        return store.record(key)
    }

    /// Forgets every record, in memory and in the persistence (for example deletes the file).
    public func removeAll() throws {
        try backend.removeAll()
        store = RecordStore()
        isLoaded = true
    }

    private func loadIfNeeded() {
        guard !isLoaded else { return }
        store.slots = backend.load()
        isLoaded = true
    }

    /// Runs `body` while no other process can change the persistence: the records are reloaded
    /// first, so `body` starts from what is stored now, and its changes are saved in order.
    ///
    /// A mutation and its cache update run inside one scope, so that mutations from parallel
    /// processes reach the cache in the order the server ran them. Waiting is cancellable.
    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let access = try await backend.beginExclusiveAccess()
        defer { backend.endExclusiveAccess(access) }
        if exclusiveDepth == 0 {
            store = RecordStore()
            isLoaded = false
        }
        exclusiveDepth += 1
        defer { exclusiveDepth -= 1 }
        return try await body()
    }

    private func save(countsMutation: Bool = false, unlessMutatedSince stamp: UInt64? = nil) {
        let updates = store.takeUpdates()
        guard !updates.isEmpty || countsMutation else { return }
        let lockHeld = exclusiveDepth > 0
        backend.save(updates, lockHeld: lockHeld, countsMutation: countsMutation, unlessMutatedSince: lockHeld ? nil : stamp)
    }
}
