/// A record as a backend hands it out: its fields (encoded or decoded) and when it was received.
package struct StoredRecord: Sendable {
    /// The record's fields.
    package var slot: RecordStore.Slot
    /// When an answer last held the record, in milliseconds since 1970.
    package var receivedAt: Int64
    /// When a read last marked it used (milliseconds since 1970); `nil` when the backend keeps
    /// no such mark readable, so every read reports its keys.
    package var usedAt: Int64?

    package init(slot: RecordStore.Slot, receivedAt: Int64, usedAt: Int64? = nil) {
        self.slot = slot
        self.receivedAt = receivedAt
        self.usedAt = usedAt
    }
}
