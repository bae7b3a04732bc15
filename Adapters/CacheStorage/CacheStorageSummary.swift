/// How much a cache's persistence holds: for `cache info` and for the size bound.
public struct CacheStorageSummary: Sendable, Hashable {
    /// Where it is kept (a file path), or `nil` in memory.
    public var path: String?
    /// Whether anything is stored there yet.
    public var exists: Bool
    /// The bytes it takes: the database file and its write-ahead log, or the encoded records in memory.
    public var bytes: Int
    /// How many records it holds (the cache's own bookkeeping not counted).
    public var records: Int
    /// When the oldest and newest records were received, in milliseconds since 1970 (`nil` when empty).
    public var receivedRange: ClosedRange<Int64>?

    public init(path: String?, exists: Bool, bytes: Int, records: Int, receivedRange: ClosedRange<Int64>? = nil) {
        self.path = path
        self.exists = exists
        self.bytes = bytes
        self.records = records
        self.receivedRange = receivedRange
    }
}
