/// Where the client keeps that an endpoint does not support persisted queries, so later
/// requests (and, kept in the cache's database, later processes) send full documents at once.
public struct PersistedQueryMemory: Sendable {
    /// Whether the endpoint was found not to support persisted queries.
    public var isUnsupported: @Sendable () async -> Bool
    /// Notes that the endpoint answered `PersistedQueryNotSupported`.
    public var noteUnsupported: @Sendable () async -> Void

    public init(isUnsupported: @escaping @Sendable () async -> Bool, noteUnsupported: @escaping @Sendable () async -> Void) {
        self.isUnsupported = isUnsupported
        self.noteUnsupported = noteUnsupported
    }

    /// A memory that lasts as long as the process (what a client without a cache uses).
    public static func inProcess() -> PersistedQueryMemory {
        let flag = UnsupportedFlag()
        return PersistedQueryMemory(isUnsupported: { await flag.value }, noteUnsupported: { await flag.set() })
    }
}

/// The in-process memory's one bit.
private actor UnsupportedFlag {
    var value = false

    func set() { value = true }
}
