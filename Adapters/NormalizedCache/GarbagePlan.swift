import CacheRecords

/// What garbage collection removes from a set of records: those no root reaches, and the
/// fields of the rest whose references name records that are not there.
struct GarbagePlan {
    /// The removals, as updates a backend stores.
    private(set) var updates: [RecordUpdate] = []
    /// How many of each were found.
    private(set) var report = GarbageReport(unreachableRecords: 0, danglingReferences: 0)

    init(records: [String: CacheRecord], roots: [String] = [CacheKeys.queryRoot]) {
        var reachable = Set<String>()
        var pending = roots.filter { records[$0] != nil }
        reachable.formUnion(pending)
        while let key = pending.popLast() {
            guard let record = records[key] else { continue }
            for value in record.values {
                Self.forEachReference(in: value) { target in
                    if records[target] != nil, reachable.insert(target).inserted { pending.append(target) }
                }
            }
        }
        for key in records.keys.sorted() where !reachable.contains(key) {
            updates.append(RecordUpdate(key: key, change: RecordChange(dropsStoredRecord: true), local: nil))
            report.unreachableRecords += 1
        }
        for key in reachable.sorted() {
            guard let record = records[key] else { continue }
            var change = RecordChange()
            for (field, value) in record {
                var dangles = false
                Self.forEachReference(in: value) { target in dangles = dangles || records[target] == nil }
                if dangles { change.didRemove(field) }
            }
            guard !change.removedFields.isEmpty else { continue }
            report.danglingReferences += change.removedFields.count
            updates.append(RecordUpdate(key: key, change: change, local: nil))
        }
    }

    /// Calls `body` with every record key `value` refers to, in lists too.
    private static func forEachReference(in value: CacheValue, _ body: (String) -> Void) {
        switch value {
        case .scalar: break
        case .reference(let key): body(key)
        case .list(let elements): for element in elements { forEachReference(in: element, body) }
        }
    }
}
