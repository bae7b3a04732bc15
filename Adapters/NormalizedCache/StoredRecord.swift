/// A record as a backend hands it out: its fields (encoded or decoded) and when it was received.
struct StoredRecord: Sendable {
    /// The record's fields.
    var slot: RecordStore.Slot
    /// When an answer last held the record, in milliseconds since 1970.
    var receivedAt: Int64
    /// When a read last marked it used (milliseconds since 1970); `nil` when the backend keeps
    /// no such mark readable, so every read reports its keys.
    var usedAt: Int64? = nil
}
