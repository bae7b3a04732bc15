/// A record's fields as stored bytes and back: the body of the cache file format
/// (``CacheFileFormat``), which the SQLite and in-memory backends store as it is.
enum RecordCodec {
    /// The encoded body of `record`.
    static func encode(_ record: CacheRecord) -> [UInt8] {
        var writer = ByteWriter()
        RecordEncoder.encode(record, into: &writer)
        return writer.bytes
    }

    /// The record of an encoded body; `nil` when the bytes are malformed (a damaged record
    /// counts as absent, never as a failure).
    static func decode(_ bytes: ArraySlice<UInt8>) -> CacheRecord? {
        try? CacheFileFormat.decodeRecord(bytes)
    }

    /// The record in `slot`, decoding it when needed.
    static func record(_ slot: RecordStore.Slot) -> CacheRecord? {
        switch slot {
        case .decoded(let record): record
        case .encoded(let bytes): decode(bytes)
        }
    }
}
