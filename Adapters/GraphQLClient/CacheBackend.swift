/// What a persistence does for the cache.
protocol CacheBackend: Sendable {
    /// The stored records; problems are reported, not thrown, and yield an empty cache.
    func load() -> [String: RecordStore.Slot]
    /// Merges the updates over what is stored now (another process may have written meanwhile).
    func save(_ updates: [RecordUpdate])
    /// Deletes everything stored.
    func removeAll() throws
}
