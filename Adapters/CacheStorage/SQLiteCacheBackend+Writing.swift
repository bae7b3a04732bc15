import CacheRecords
import SQLite

/// Storing updates in one transaction, and keeping the database within its size bound.
extension SQLiteCacheBackend {
    func store(
        _ updates: [RecordUpdate], in database: CacheDatabase, receivedAt: Int64?, countsMutation: Bool, unlessMutatedSince: UInt64?
    ) throws(SQLiteError) {
        try database.write { () throws(SQLiteError) in
            // A query's answer fetched before a mutation changed the cache may predate it.
            if let since = unlessMutatedSince, try database.mutationCount() != since { return }
            // One buffer for every record's body (the encoding is deterministic: fields sorted).
            var writer = ByteWriter()
            for update in Self.inKeyOrder(updates) {
                // A record first seen here, or stored with the same fields and values, takes one
                // statement and no read: inserted, or only its age renewed.
                if let receivedAt, let local = update.local, !local.isEmpty, update.change.replacesFields(of: local) {
                    writer.bytes.removeAll(keepingCapacity: true)
                    RecordEncoder.encode(local, into: &writer)
                    let done = writer.bytes.withUnsafeBytes { body in
                        Result { () throws(SQLiteError) in try database.insertOrRenewSame(update.key, body: body, receivedAt: receivedAt) }
                    }
                    if try done.get() { continue }
                }
                let stored = try database.record(update.key)
                let old = stored.flatMap { RecordCodec.decode($0.body[...]) }
                let new = update.change.apply(local: update.local, over: old)
                switch (stored, new) {
                case (nil, nil):
                    continue
                case (_?, nil):
                    try database.delete(update.key)
                case (nil, let new?):
                    try database.insert(update.key, body: RecordCodec.encode(new), receivedAt: receivedAt ?? 0)
                case (let stored?, let new?):
                    if new != old {
                        try database.update(update.key, body: RecordCodec.encode(new), receivedAt: receivedAt ?? stored.receivedAt)
                    } else if let receivedAt {
                        try database.renew(update.key, receivedAt: receivedAt)
                    }
                }
            }
            if countsMutation { try database.countMutation() }
        }
    }

    /// The updates in the order of their keys (the same key's in their own order): the B-tree
    /// is then written from one end to the other, each page once, instead of at random (a large
    /// answer's records cost less than half as much to store).
    static func inKeyOrder(_ updates: [RecordUpdate]) -> [RecordUpdate] {
        guard updates.count > 16 else { return updates }
        let order = updates.indices.sorted { first, second in
            let (a, b) = (updates[first].key, updates[second].key)
            if a < b { return true }
            return a == b && first < second
        }
        return order.map { updates[$0] }
    }

    /// Removes the least recently used records while the database takes more than
    /// ``maximumBytes``, down to 90% of it, and gives the space back to the file system.
    func enforceBound(_ database: CacheDatabase) throws(SQLiteError) {
        guard let maximumBytes else { return }
        var used = try database.usedBytes()
        guard used > maximumBytes else { return }
        let target = Int64(maximumBytes) / 10 * 9
        for _ in 0..<16 where used > target {
            let records = try database.census().records
            guard records > 0 else { break }
            let share = Double(used - target) / Double(used)
            try database.write { () throws(SQLiteError) in
                try database.evictLeastRecentlyUsed(max(1, Int((Double(records) * share).rounded(.up))))
            }
            try database.releaseFreePages()
            used = try database.usedBytes()
        }
    }
}
