import JSON

/// Encodes record bodies in the cache file format (see ``CacheFileFormat``).
///
/// The encoding is deterministic: fields (and the members of JSON objects) are written in
/// the order of their names, so equal records have equal bodies and a write can tell an
/// unchanged record by comparing bytes.
package enum RecordEncoder {
    package static func encode(_ record: CacheRecord, into writer: inout ByteWriter) {
        writer.count(record.count)
        if record.count < 2 {
            for (field, value) in record {
                writer.string(field)
                encode(value, into: &writer)
            }
            return
        }
        for (field, value) in record.sorted(by: { $0.key < $1.key }) {
            writer.string(field)
            encode(value, into: &writer)
        }
    }

    private static func encode(_ value: CacheValue, into writer: inout ByteWriter) {
        switch value {
        case .scalar(let json): encode(json, into: &writer)
        case .reference(let key):
            writer.byte(RecordTag.reference)
            writer.string(key)
        case .list(let elements):
            writer.byte(RecordTag.list)
            writer.count(elements.count)
            for element in elements { encode(element, into: &writer) }
        }
    }

    private static func encode(_ json: JSONValue, into writer: inout ByteWriter) {
        switch json {
        case .null: writer.byte(RecordTag.null)
        case .bool(let flag): writer.byte(flag ? RecordTag.true : RecordTag.false)
        case .int(let number):
            writer.byte(RecordTag.int)
            let signed = Int64(number)
            writer.varint(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
        case .double(let number):
            writer.byte(RecordTag.double)
            writer.uint64(number.bitPattern)
        case .string(let text):
            writer.byte(RecordTag.string)
            writer.string(text)
        case .array(let elements):
            writer.byte(RecordTag.jsonArray)
            writer.count(elements.count)
            for element in elements { encode(element, into: &writer) }
        case .object(let members):
            writer.byte(RecordTag.jsonObject)
            writer.count(members.count)
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                writer.string(key)
                encode(member, into: &writer)
            }
        }
    }
}
