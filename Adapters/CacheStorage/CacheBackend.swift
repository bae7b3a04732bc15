import CacheRecords
import SingleThreadRuntime

/// What a persistence does for the cache: reads and writes of single records, in transactions.
///
/// A backend is called from one ``NormalizedCache`` at a time (the actor serializes its calls),
/// but several caches, and several processes, may share what it stores.
package protocol CacheBackend: Sendable {
    /// Runs `body` on one consistent snapshot of the stored records: every ``StoredRecords/record(_:)``
    /// it makes sees the same commit, whatever other writers do meanwhile.
    func read<Result: Sendable>(_ body: @Sendable (any StoredRecords) -> Result) -> Result

    /// Merges the updates over what is stored now, in one transaction: either all of them are
    /// stored or none. Every record named is marked as received at `receivedAt` (its age starts
    /// again, even when its values did not change); `nil` keeps the records' ages (maintenance).
    /// `countsMutation` adds one to the stored mutation count; with `unlessMutatedSince`,
    /// nothing is saved if the stored count is no longer that (a mutation changed the cache
    /// meanwhile).
    func save(_ updates: [RecordUpdate], receivedAt: Int64?, countsMutation: Bool, unlessMutatedSince: UInt64?)

    /// Notes that the records were read at `time`, for evicting the least recently used first.
    /// Best effort: skipped when a writer is busy.
    func markUsed(_ keys: [String], at time: Int64)

    /// The stored mutation count; `nil` when no other process can write (in memory).
    func mutationCount() -> UInt64?

    /// Whether ``mutationCount()`` answers without setting anything up first (the database is
    /// open, or known unusable; memory always does).
    var isOpen: Bool { get }

    /// A number that changes when another process commits (`PRAGMA data_version`); `nil`
    /// when no other process can write, or nothing is stored yet.
    func dataVersion() -> Int64?

    /// Calls `onChange` (on a thread of its own) when another process may have committed,
    /// until the monitor is released; `nil` when nobody else writes (memory) or the system
    /// cannot tell (the watchers then poll ``dataVersion()``).
    func changeMonitor(_ onChange: @escaping @Sendable () -> Void) -> FileChangeMonitor?

    /// Waits (cancellably) until no other process holds exclusive access, and keeps it so until
    /// ``endExclusiveAccess(_:)``; returns what to pass there.
    func beginExclusiveAccess() async throws -> Int32?
    /// Ends what ``beginExclusiveAccess()`` began.
    func endExclusiveAccess(_ access: Int32?)

    /// Every stored record, for maintenance (``NormalizedCache/collectGarbage()``).
    func allRecords() -> [String: CacheRecord]

    /// How much is stored.
    func summary() throws(CacheStorageError) -> CacheStorageSummary

    /// Deletes everything stored.
    func removeAll() throws(CacheRemovalError)

    /// The number stored under `name` among the cache's settings (``NormalizedCache/setting(named:)``).
    func setting(named name: String) -> Int64?
    /// Stores `value` under `name` (`nil` removes it); best effort, like every cache write.
    func storeSetting(_ value: Int64?, named name: String)
}

extension CacheBackend {
    /// Memory needs no set-up.
    package var isOpen: Bool { true }
    /// No other process writes a backend by default (memory): its version never moves.
    package func dataVersion() -> Int64? { nil }
    /// Nobody else writes a backend by default (memory): nothing to monitor.
    package func changeMonitor(_ onChange: @escaping @Sendable () -> Void) -> FileChangeMonitor? { nil }
}
