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

/// What removing caches removed.
public struct CacheClearing: Sendable, Hashable {
    /// Every endpoint and user's cache, or the current one only.
    public var all: Bool
    /// How many caches were removed (0 when there was nothing to remove).
    public var removed: Int

    public init(all: Bool, removed: Int) {
        self.all = all
        self.removed = removed
    }
}

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
