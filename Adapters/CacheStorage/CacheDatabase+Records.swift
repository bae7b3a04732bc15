import SQLite

/// The records table: one record read, written or marked used at a time, or many in batches.
extension CacheDatabase {
    /// The statements run once per record, prepared on first use and found by case (not by
    /// hashing their SQL text for every record).
    enum Query: Int, CaseIterable {
        case record, records, upsert, insert, update, renew, delete, markUsed

        var sql: String {
            switch self {
            case .record: "SELECT body, received_at, used_at FROM records WHERE key = ?1"
            case .records:
                "SELECT key, body, received_at, used_at FROM records WHERE key IN ("
                    + (1...CacheDatabase.batchSize).map { "?\($0)" }.joined(separator: ",") + ")"
            case .upsert:
                // A new record is inserted; a stored one with the same body only gets its new age.
                "INSERT INTO records (key, body, received_at, used_at) VALUES (?1, ?2, ?3, ?3) ON CONFLICT (key) DO UPDATE "
                    + "SET received_at = excluded.received_at, used_at = max(used_at, excluded.received_at) WHERE body = excluded.body"
            case .insert: "INSERT INTO records (key, body, received_at, used_at) VALUES (?1, ?2, ?3, ?3)"
            case .update: "UPDATE records SET body = ?2, received_at = ?3, used_at = max(used_at, ?3) WHERE key = ?1"
            case .renew: "UPDATE records SET received_at = ?2, used_at = max(used_at, ?2) WHERE key = ?1"
            case .delete: "DELETE FROM records WHERE key = ?1"
            case .markUsed: "UPDATE records SET used_at = ?2 WHERE key = ?1 AND used_at < ?3"
            }
        }
    }

    private func prepared(_ query: Query) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[query.rawValue] { return statement }
        let statement = try database.statement(query.sql)
        statements[query.rawValue] = statement
        return statement
    }

    /// The record under `key`: its encoded body and when it was received.
    func record(_ key: String) throws(SQLiteError) -> (body: [UInt8], receivedAt: Int64, usedAt: Int64)? {
        let statement = try prepared(.record)
        try statement.bind(text: key, at: 1)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return (statement.blob(0) ?? [], statement.integer(1), statement.integer(2))
    }

    /// How many keys one batched read binds.
    static let batchSize = 256

    /// Calls `body` with the record of each of `keys` that is stored, reading them in batches
    /// of ``batchSize`` (the last batch padded with its own last key). A batch's bodies share
    /// one buffer: each record's is a slice of it.
    func records(_ keys: [String], _ body: (String, ArraySlice<UInt8>, Int64, Int64) -> Void) throws(SQLiteError) {
        let statement = try prepared(.records)
        var rows: [(key: String, body: Range<Int>, receivedAt: Int64, usedAt: Int64)] = []
        var start = keys.startIndex
        while start < keys.endIndex {
            let end = min(start + Self.batchSize, keys.endIndex)
            let batch = keys[start..<end]
            for index in 0..<Self.batchSize {
                let key = index < batch.count ? batch[batch.startIndex + index] : batch[batch.endIndex - 1]
                try statement.bind(text: key, at: Int32(index + 1))
            }
            rows.removeAll(keepingCapacity: true)
            var bodies: [UInt8] = []
            do {
                defer { statement.reset() }
                while try statement.step() {
                    let offset = bodies.count
                    statement.appendBlob(1, to: &bodies)
                    rows.append((statement.text(0) ?? "", offset..<bodies.count, statement.integer(2), statement.integer(3)))
                }
            }
            for row in rows { body(row.key, bodies[row.body], row.receivedAt, row.usedAt) }
            start = end
        }
    }

    /// Inserts the record, or, when `key` is stored with this very body, marks it received at
    /// `receivedAt`: whether it did either (`false`: a record with another body is stored).
    func insertOrRenewSame(_ key: String, body: UnsafeRawBufferPointer, receivedAt: Int64) throws(SQLiteError) -> Bool {
        let statement = try prepared(.upsert)
        try statement.bind(text: key, at: 1)
        try statement.bind(blob: body, at: 2)
        try statement.bind(integer: receivedAt, at: 3)
        try statement.runBound()
        return database.changes == 1
    }

    func insert(_ key: String, body: [UInt8], receivedAt: Int64) throws(SQLiteError) {
        try prepared(.insert).run([.text(key), .blob(body), .integer(receivedAt)])
    }

    func update(_ key: String, body: [UInt8], receivedAt: Int64) throws(SQLiteError) {
        try prepared(.update).run([.text(key), .blob(body), .integer(receivedAt)])
    }

    func renew(_ key: String, receivedAt: Int64) throws(SQLiteError) {
        try prepared(.renew).run([.text(key), .integer(receivedAt)])
    }

    func delete(_ key: String) throws(SQLiteError) {
        try prepared(.delete).run([.text(key)])
    }

    /// Marks `key` as used at `time` unless it was used less than `granularity` milliseconds before.
    func markUsed(_ key: String, at time: Int64, granularity: Int64) throws(SQLiteError) {
        try prepared(.markUsed).run([.text(key), .integer(time), .integer(time &- granularity)])
    }

    /// Every record's key and encoded body.
    func forEachRecord(_ body: (String, [UInt8]) -> Void) throws(SQLiteError) {
        try database.statement("SELECT key, body FROM records").forEachRow { row in
            body(row.text(0) ?? "", row.blob(1) ?? [])
        }
    }

    /// How many records there are, and when the oldest and newest were received.
    func census() throws(SQLiteError) -> (records: Int, received: ClosedRange<Int64>?) {
        var result: (records: Int, received: ClosedRange<Int64>?) = (0, nil)
        try database.statement("SELECT count(*), min(received_at), max(received_at) FROM records").forEachRow { row in
            let count = Int(row.integer(0))
            result = (count, count == 0 ? nil : row.integer(1)...max(row.integer(1), row.integer(2)))
        }
        return result
    }
}
