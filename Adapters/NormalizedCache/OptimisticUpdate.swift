import JSON

/// Fields written over the cache for the time a mutation takes: every read and watch of the
/// cache that made it sees them at once, and none of it is ever stored.
///
/// Made with ``NormalizedCache/performOptimistically(_:_:)``, which removes it when the mutation
/// ends: on success the mutation's real answer (already written) shows; on failure the stored
/// values show again, as if nothing had happened.
public struct OptimisticUpdate: Sendable {
    /// Field values per record key, e.g. `["Launch:25": ["isBooked": true]]`.
    public var fields: [String: [String: JSONValue]]

    public init(fields: [String: [String: JSONValue]]) {
        self.fields = fields
    }

    /// One field of one record, e.g. `.setting("isBooked", of: "Launch:25", to: true)`.
    public static func setting(_ field: String, of key: String, to value: JSONValue) -> OptimisticUpdate {
        OptimisticUpdate(fields: [key: [field: value]])
    }
}
