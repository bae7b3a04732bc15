import SQLite

/// The cache's settings in its database: read without creating the file, written in a transaction.
extension SQLiteCacheBackend {
    package func setting(named name: String) -> Int64? {
        locked { connection in
            guard let database = openedDatabase(&connection) else { return nil }
            do throws(SQLiteError) {
                return try database.setting(named: name)
            } catch {
                handle(error, doing: "read", in: &connection)
                return nil
            }
        }
    }

    package func storeSetting(_ value: Int64?, named name: String) {
        locked { connection in
            guard let database = openedDatabase(&connection, creating: true) else { return }
            do throws(SQLiteError) {
                try database.write { () throws(SQLiteError) in try database.storeSetting(value, named: name) }
            } catch {
                handle(error, doing: "save", in: &connection)
            }
        }
    }
}
