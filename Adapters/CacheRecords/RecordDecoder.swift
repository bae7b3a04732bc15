import JSON

/// Decodes a record body of the cache file format (see ``CacheFileFormat``).
struct RecordDecoder {
    var reader: ByteReader
    private var depth = 0

    init(reader: ByteReader) {
        self.reader = reader
    }

    mutating func record() throws(ByteReader.Malformed) -> CacheRecord {
        let count = try reader.count()
        var record = CacheRecord(minimumCapacity: count)
        for _ in 0..<count {
            let field = try reader.string()
            let decoded = try value()
            // A damaged body may name a field twice: the first value counts, as for
            // EncodedRecordReader, so both reads of one body agree.
            if record[field] == nil { record[field] = decoded }
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return record
    }

    /// Decodes the one value at the reader's position.
    mutating func singleValue() throws(ByteReader.Malformed) -> CacheValue {
        try value()
    }

    private mutating func value() throws(ByteReader.Malformed) -> CacheValue {
        let tag = try reader.byte()
        switch tag {
        case RecordTag.reference: return .reference(try reader.string())
        case RecordTag.list:
            let count = try reader.count()
            try enter()
            var list: [CacheValue] = []
            list.reserveCapacity(count)
            for _ in 0..<count { list.append(try value()) }
            depth -= 1
            return .list(list)
        default:
            return .scalar(try json(tag: tag))
        }
    }

    private mutating func json(tag: UInt8) throws(ByteReader.Malformed) -> JSONValue {
        switch tag {
        case RecordTag.null: return .null
        case RecordTag.false: return .bool(false)
        case RecordTag.true: return .bool(true)
        case RecordTag.int:
            let zigzag = try reader.varint()
            return .int(Int(truncatingIfNeeded: Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))))
        case RecordTag.double: return .double(Double(bitPattern: try reader.uint64()))
        case RecordTag.string: return .string(try reader.string())
        case RecordTag.jsonArray:
            let count = try reader.count()
            try enter()
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            for _ in 0..<count { array.append(try json(tag: try reader.byte())) }
            depth -= 1
            return .array(array)
        case RecordTag.jsonObject:
            let count = try reader.count()
            try enter()
            var object = [String: JSONValue](minimumCapacity: count)
            for _ in 0..<count {
                let key = try reader.string()
                object[key] = try json(tag: try reader.byte())
            }
            depth -= 1
            return .object(object)
        default:
            throw ByteReader.Malformed()
        }
    }

    private mutating func enter() throws(ByteReader.Malformed) {
        depth += 1
        guard depth <= RecordCodec.maximumDepth else { throw ByteReader.Malformed() }
    }
}
