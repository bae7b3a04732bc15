import JSON

/// A field's value in a cache record: a scalar, a reference to another record, or a list.
public enum CacheValue: Sendable, Hashable {
    /// A leaf value (including `null`, and JSON objects of custom scalars).
    case scalar(JSONValue)
    /// The key of the record holding an object, e.g. `Launch:25`.
    case reference(String)
    /// A list of values (of objects: references).
    case list([CacheValue])
}

/// A cache record: field keys (e.g. `missionPatch({"size":"LARGE"})`) to values.
public typealias CacheRecord = [String: CacheValue]
