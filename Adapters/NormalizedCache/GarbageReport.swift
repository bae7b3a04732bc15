/// What ``NormalizedCache/collectGarbage()`` removed.
public struct GarbageReport: Sendable, Hashable {
    /// Records that no root reaches.
    public var unreachableRecords: Int
    /// Fields whose references named records that are not stored.
    public var danglingReferences: Int

    public init(unreachableRecords: Int, danglingReferences: Int) {
        self.unreachableRecords = unreachableRecords
        self.danglingReferences = danglingReferences
    }
}
