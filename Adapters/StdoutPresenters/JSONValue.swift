import JSON

/// A JSON value, so that documents are built with explicit nulls and encoded with stable key order.
enum JSONValue: Sendable, Equatable, Encodable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A string, or `null` when `value` is `nil`.
    static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}
