import JSON

extension JSONValue {
    /// A string, or `null` when `value` is `nil`.
    static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }
}
