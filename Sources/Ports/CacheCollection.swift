/// What collecting garbage removed from the current cache.
public struct CacheCollection: Sendable, Hashable {
    /// Records that no root reached.
    public var unreachableRecords: Int
    /// Fields whose references named records that were not stored.
    public var danglingReferences: Int

    public init(unreachableRecords: Int, danglingReferences: Int) {
        self.unreachableRecords = unreachableRecords
        self.danglingReferences = danglingReferences
    }
}
