import CacheRecords

/// Builds a cache file record by record: already encoded bodies are copied as they are.
struct FileWriter {
    private var writer = ByteWriter()

    init(capacity: Int = 0) {
        writer.bytes.reserveCapacity(capacity)
        writer.bytes.append(contentsOf: CacheFileFormat.magic)
    }

    mutating func append(key: String, encodedBody: ArraySlice<UInt8>) {
        writer.string(key)
        writer.uint32(UInt32(truncatingIfNeeded: encodedBody.count))
        writer.bytes.append(contentsOf: encodedBody)
    }

    /// Encodes the body in place after a length placeholder, then fills the length in.
    mutating func append(key: String, record: CacheRecord) {
        writer.string(key)
        let lengthOffset = writer.bytes.count
        writer.uint32(0)
        RecordEncoder.encode(record, into: &writer)
        let length = UInt32(truncatingIfNeeded: writer.bytes.count - lengthOffset - 4)
        for offset in 0..<4 { writer.bytes[lengthOffset + offset] = UInt8(truncatingIfNeeded: length >> UInt32(8 * offset)) }
    }

    mutating func finish() -> [UInt8] {
        let sum = writer.bytes.withUnsafeBufferPointer { CacheFileFormat.checksum($0) }
        writer.uint64(sum)
        return writer.bytes
    }
}
