/// What changed in one record since the cache was last saved, so a save can merge it over
/// whatever another process stored meanwhile.
package struct RecordChange: Sendable, Hashable {
    /// The stored record is discarded before the local fields are applied (after a removal).
    package var dropsStoredRecord = false
    /// Every local field is written (a record first seen in this process).
    package var writesAllFields = false
    /// Local fields to write.
    package var fields: Set<String> = []
    /// Fields to delete from the stored record.
    package var removedFields: Set<String> = []

    package init(dropsStoredRecord: Bool = false, writesAllFields: Bool = false) {
        self.dropsStoredRecord = dropsStoredRecord
        self.writesAllFields = writesAllFields
    }

    package mutating func didSet(_ field: String) {
        fields.insert(field)
        removedFields.remove(field)
    }

    package mutating func didRemove(_ field: String) {
        fields.remove(field)
        removedFields.insert(field)
    }

    /// Whether applying this change over a stored record writes exactly `local`'s fields and
    /// removes none: then a stored record with the same body is unchanged by it.
    package func replacesFields(of local: CacheRecord) -> Bool {
        guard !dropsStoredRecord, removedFields.isEmpty else { return false }
        return writesAllFields || (fields.count == local.count && local.keys.allSatisfy(fields.contains))
    }

    /// The record to store: `stored` with this change applied, using the values in `local`;
    /// `nil` when nothing is left.
    package func apply(local: CacheRecord?, over stored: CacheRecord?) -> CacheRecord? {
        var result = dropsStoredRecord ? [:] : stored ?? [:]
        for field in removedFields { result[field] = nil }
        if let local {
            if writesAllFields {
                if result.isEmpty { result = local } else { result.merge(local) { _, new in new } }
            } else {
                for field in fields { result[field] = local[field] }
            }
        }
        return result.isEmpty ? nil : result
    }
}

extension RecordChange {
    /// The change that writes `fields` (an answer's fields of one record) over what is stored.
    package init(setting fields: some Sequence<String>) {
        self.fields = Set(fields)
    }
}
