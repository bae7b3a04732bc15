/// A record's fields as stored bytes and back: the body of the cache file format
/// (``CacheFileFormat``), which the SQLite and in-memory backends store as it is.
package enum RecordCodec {
    /// How deep lists and JSON values may nest in a body; deeper ones are malformed.
    package static let maximumDepth = 512

    /// The encoded body of `record`.
    package static func encode(_ record: CacheRecord) -> [UInt8] {
        var writer = ByteWriter()
        RecordEncoder.encode(record, into: &writer)
        return writer.bytes
    }

    /// The record of an encoded body; `nil` when the bytes are malformed (a damaged record
    /// counts as absent, never as a failure).
    package static func decode(_ bytes: ArraySlice<UInt8>) -> CacheRecord? {
        try? decodeRecord(bytes)
    }

    /// The record in `slot`, decoding it when needed.
    package static func record(_ slot: RecordStore.Slot) -> CacheRecord? {
        switch slot {
        case .decoded(let record): record
        case .encoded(let bytes): decode(bytes)
        }
    }

    /// Decodes one record body.
    package static func decodeRecord(_ bytes: ArraySlice<UInt8>) throws(ByteReader.Malformed) -> CacheRecord {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ByteReader.Malformed) -> CacheRecord in
                var decoder = RecordDecoder(reader: ByteReader(buffer))
                return try decoder.record()
            }
        }
        return try result.get()
    }
}
