import SQLite

/// Named numbers kept in the `state` table beside the mutation count.
extension CacheDatabase {
    /// Settings are stored under this prefix, so none can be taken for the mutation count.
    static let settingPrefix = "setting:"

    func setting(named name: String) throws(SQLiteError) -> Int64? {
        try database.integer("SELECT value FROM state WHERE name = ?", [.text(Self.settingPrefix + name)])
    }

    func storeSetting(_ value: Int64?, named name: String) throws(SQLiteError) {
        if let value {
            try database.execute(
                "INSERT INTO state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                [.text(Self.settingPrefix + name), .integer(value)]
            )
        } else {
            try database.execute("DELETE FROM state WHERE name = ?", [.text(Self.settingPrefix + name)])
        }
    }
}
