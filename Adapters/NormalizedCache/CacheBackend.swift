/// What a persistence does for the cache.
protocol CacheBackend: Sendable {
    /// The stored records; problems are reported, not thrown, and yield an empty cache.
    func load() -> [String: RecordStore.Slot]
    /// Merges the updates over what is stored now (another process may have written meanwhile);
    /// `lockHeld` when the caller holds ``beginExclusiveAccess()``. `countsMutation` adds one to
    /// the stored mutation count; with `unlessMutatedSince`, nothing is saved if the stored count
    /// is no longer that (a mutation changed the cache meanwhile).
    func save(_ updates: [RecordUpdate], lockHeld: Bool, countsMutation: Bool, unlessMutatedSince: UInt64?)
    /// The stored mutation count, read once no mutation is in flight (waiting cancellably);
    /// `nil` when no other process can write (in memory).
    func mutationCount() async throws -> UInt64?
    /// Waits (cancellably) until no other process can write, and keeps it so until
    /// ``endExclusiveAccess(_:)``; returns what to pass there.
    func beginExclusiveAccess() async throws -> Int32?
    /// Ends what ``beginExclusiveAccess()`` began.
    func endExclusiveAccess(_ access: Int32?)
    /// Deletes everything stored.
    func removeAll() throws
}
