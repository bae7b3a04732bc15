/// The cache's records in memory, decoded lazily from their stored bytes, and what changed.
struct RecordStore: Sendable {
    /// A record as loaded (still encoded) or as used (decoded).
    enum Slot: Sendable {
        case encoded(ArraySlice<UInt8>)
        case decoded(CacheRecord)
    }

    var slots: [String: Slot] = [:]
    private(set) var changes: [String: RecordChange] = [:]

    /// The record, decoding it on first use; an undecodable record counts as absent.
    mutating func record(_ key: String) -> CacheRecord? {
        switch slots[key] {
        case nil: return nil
        case .decoded(let record)?: return record
        case .encoded(let bytes)?:
            guard let record = try? CacheFileFormat.decodeRecord(bytes) else {
                slots[key] = nil
                return nil
            }
            slots[key] = .decoded(record)
            return record
        }
    }

    /// Merges fields into a record, noting which fields really changed.
    mutating func merge(_ incoming: CacheRecord, into key: String) {
        guard var existing = take(key) else {
            slots[key] = .decoded(incoming)
            changes[key, default: RecordChange()].writesAllFields = true
            return
        }
        var changed: [String] = []
        for (field, value) in incoming where existing[field] != value {
            existing[field] = value
            changed.append(field)
        }
        slots[key] = .decoded(existing)
        guard !changed.isEmpty else { return }
        var change = changes[key] ?? RecordChange()
        for field in changed { change.didSet(field) }
        changes[key] = change
    }

    /// Removes one field of a record (also from the stored copy, even if not loaded here).
    mutating func removeField(_ field: String, of key: String) {
        if var existing = take(key) {
            existing[field] = nil
            slots[key] = .decoded(existing)
        }
        changes[key, default: RecordChange()].didRemove(field)
    }

    /// Removes a whole record (also from the stored copy, even if not loaded here).
    mutating func removeRecord(_ key: String) {
        _ = take(key)
        changes[key] = RecordChange(dropsStoredRecord: true)
    }

    /// The changes since the last call, with the records' current values.
    mutating func takeUpdates() -> [RecordUpdate] {
        var updates: [RecordUpdate] = []
        updates.reserveCapacity(changes.count)
        for (key, change) in changes {
            updates.append(RecordUpdate(key: key, change: change, local: record(key)))
        }
        changes = [:]
        return updates
    }

    private mutating func take(_ key: String) -> CacheRecord? {
        switch slots.removeValue(forKey: key) {
        case nil: nil
        case .decoded(let record)?: record
        case .encoded(let bytes)?: try? CacheFileFormat.decodeRecord(bytes)
        }
    }
}
