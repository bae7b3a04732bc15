import JSON

/// About how many bytes a record takes encoded (``RecordCodec``), without encoding it: what
/// the in-memory persistence counts against its bound.
package enum RecordSize {
    package static func estimate(key: String, _ record: CacheRecord) -> Int {
        var total = key.utf8.count + 2
        for (field, value) in record { total += field.utf8.count + 1 + estimate(value) }
        return total
    }

    private static func estimate(_ value: CacheValue) -> Int {
        switch value {
        case .scalar(let json): estimate(json)
        case .reference(let key): key.utf8.count + 2
        case .list(let elements): elements.reduce(2) { $0 + estimate($1) }
        }
    }

    private static func estimate(_ json: JSONValue) -> Int {
        switch json {
        case .string(let text): text.utf8.count + 2
        case .array(let elements): elements.reduce(2) { $0 + estimate($1) }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + 1 + estimate($1.value) }
        default: 9
        }
    }
}
