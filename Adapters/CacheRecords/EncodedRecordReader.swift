import Glibc

/// Reads selected fields straight from a record's encoded bytes, without building the record:
/// field keys are compared as bytes, so no string is made for a field name.
struct EncodedRecordReader {
    /// Where each field's key and value lie in the body. (Plain integers: a `Range<Int>` in the
    /// element type made the run time look up `Int: Comparable`, 0.2 M instructions once a process.)
    private var fields: [Field] = []
    private struct Field {
        let keyStart: Int
        let keyCount: Int
        let value: Int
    }
    private let bytes: UnsafeBufferPointer<UInt8>

    /// Indexes the body's fields; `nil` when it is malformed.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var reader = ByteReader(bytes)
        do {
            let count = try reader.count()
            fields.reserveCapacity(count)
            for _ in 0..<count {
                let key = try reader.range()
                fields.append(Field(keyStart: key.lowerBound, keyCount: key.count, value: reader.index))
                try Self.skipValue(&reader, depth: 0)
            }
        } catch {
            return nil
        }
    }

    /// The value of the field whose key is `key`, or `nil` when absent or malformed.
    func value(_ key: String) -> CacheValue? {
        var key = key
        return key.withUTF8 { wanted -> CacheValue? in
            for field in fields where field.keyCount == wanted.count {
                guard sameBytes(at: field.keyStart, as: wanted) else { continue }
                var decoder = RecordDecoder(reader: ByteReader(bytes, from: field.value))
                return try? decoder.singleValue()
            }
            return nil
        }
    }

    private func sameBytes(at start: Int, as wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let other = wanted.baseAddress else { return wanted.isEmpty }
        return memcmp(base + start, other, wanted.count) == 0
    }

    private static func skipValue(_ reader: inout ByteReader, depth: Int) throws(ByteReader.Malformed) {
        guard depth <= RecordCodec.maximumDepth else { throw ByteReader.Malformed() }
        switch try reader.byte() {
        case RecordTag.null, RecordTag.false, RecordTag.true: break
        case RecordTag.int: _ = try reader.varint()
        case RecordTag.double: _ = try reader.uint64()
        case RecordTag.string, RecordTag.reference: _ = try reader.range()
        case RecordTag.list, RecordTag.jsonArray:
            for _ in 0..<(try reader.count()) { try skipValue(&reader, depth: depth + 1) }
        case RecordTag.jsonObject:
            for _ in 0..<(try reader.count()) {
                _ = try reader.range()
                try skipValue(&reader, depth: depth + 1)
            }
        default:
            throw ByteReader.Malformed()
        }
    }
}
