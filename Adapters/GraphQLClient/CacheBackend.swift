/// What a persistence does for the cache.
protocol CacheBackend: Sendable {
    /// The stored records; problems are reported, not thrown, and yield an empty cache.
    func load() -> [String: RecordStore.Slot]
    /// Merges the updates over what is stored now (another process may have written meanwhile);
    /// `lockHeld` when the caller holds ``beginExclusiveAccess()``.
    func save(_ updates: [RecordUpdate], lockHeld: Bool)
    /// Waits (cancellably) until no other process can write, and keeps it so until
    /// ``endExclusiveAccess(_:)``; returns what to pass there.
    func beginExclusiveAccess() async throws -> Int32?
    /// Ends what ``beginExclusiveAccess()`` began.
    func endExclusiveAccess(_ access: Int32?)
    /// Deletes everything stored.
    func removeAll() throws
}
