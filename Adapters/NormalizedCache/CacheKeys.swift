import JSON

/// How records are keyed in the normalized cache.
public enum CacheKeys {
    /// The record of the query root's fields.
    public static let queryRoot = "QUERY_ROOT"
    /// The (never stored) record of a mutation's root fields.
    public static let mutationRoot = "MUTATION_ROOT"
    /// The record of the persistence's own bookkeeping (`mutations`: how many mutations have
    /// changed the cache); never read by an operation.
    static let cacheState = "CACHE_STATE"

    /// `__typename:id` when the object has both (ids may be strings or integers), else `nil`.
    public static func key(for object: [String: JSONValue]) -> String? {
        guard case .string(let typename)? = object["__typename"] else { return nil }
        switch object["id"] {
        case .string(let id)?: return key(typename: typename, id: id)
        case .int(let id)?: return key(typename: typename, id: String(id))
        default: return nil
        }
    }

    /// `typename:id`, the key of the object of that type with that id (e.g. `Launch:25`).
    public static func key(typename: String, id: String) -> String {
        typename + ":" + id
    }

    /// The key of an object without an id: its parent's key, then the field key, then list indexes.
    static func path(_ parent: String, _ component: String) -> String {
        parent + "." + component
    }
}
