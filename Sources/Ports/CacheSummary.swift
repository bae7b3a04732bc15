/// The current endpoint and user's cache, described.
public struct CacheSummary: Sendable, Hashable {
    /// Where it is kept (a file path for the file cache).
    public var path: String
    /// Whether anything is stored there yet.
    public var exists: Bool
    /// Its size in bytes (0 when it does not exist).
    public var bytes: Int
    /// How many normalized records it holds (0 when it does not exist or cannot be used).
    public var records: Int
    /// How long ago its oldest record was received (`nil` when it holds none).
    public var oldestRecordAge: Duration?
    /// How long ago its newest record was received (`nil` when it holds none).
    public var newestRecordAge: Duration?

    public init(path: String, exists: Bool, bytes: Int, records: Int, oldestRecordAge: Duration? = nil, newestRecordAge: Duration? = nil) {
        self.path = path
        self.exists = exists
        self.bytes = bytes
        self.records = records
        self.oldestRecordAge = oldestRecordAge
        self.newestRecordAge = newestRecordAge
    }
}
