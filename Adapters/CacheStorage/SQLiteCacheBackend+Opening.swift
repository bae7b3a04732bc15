import SQLite

/// Opening the database on first use: a damaged one moved aside and replaced, an unusable one said once.
extension SQLiteCacheBackend {
    /// The open database, opening it on first use; `nil` when it cannot be (said once), and,
    /// unless `creating`, when there is none yet (reading creates no file).
    func openedDatabase(_ connection: inout Connection, creating: Bool = false) -> CacheDatabase? {
        switch connection {
        case .open(let database): return database
        case .unavailable: return nil
        case .closed: break
        }
        guard creating || files.databaseExists || files.legacyExists else { return nil }
        do {
            _ = try SQLiteLibrary.shared.get()
        } catch {
            return unavailable("Nothing is cached: \(error.detail).", reason: error.detail, in: &connection)
        }
        var created: (device: UInt64, inode: UInt64)?
        do {
            let preparation = try files.prepare()
            created = preparation.created
            if let damage = preparation.damage { movedAside(because: damage) }
            let database = try openReplacingDamage()
            connection = .open(database)
            if let problem = files.importLegacyFile(into: database) { warnOnce(problem) }
            return database
        } catch let error as SQLiteError where error == CacheDatabase.newerFormat {
            files.removeUnused(created)
            return unavailable("The GraphQL cache \(files.path) is in a newer format than this version reads; nothing is cached.", reason: error.detail, in: &connection)
        } catch let error as SQLiteError {
            files.removeUnused(created)
            return unavailable("Could not open the GraphQL cache \(files.path): \(Self.phrase(error)); nothing is cached.", reason: Self.phrase(error), in: &connection)
        } catch {
            files.removeUnused(created)
            return unavailable("Could not open the GraphQL cache \(files.path): \(error); nothing is cached.", reason: "\(error)", in: &connection)
        }
    }

    /// Opens the database through ``CacheDatabaseFiles/openablePath()`` (links in the folders
    /// above it followed, a link at the file refused); a damaged one is moved aside and an
    /// empty one made in its place.
    private func openReplacingDamage() throws -> CacheDatabase {
        let path = try files.openablePath()
        do {
            return try CacheDatabase(path: path)
        } catch let error where error.kind == .corrupt {
            try files.moveAside()
            movedAside(because: Self.phrase(error))
            _ = try files.prepare()
            return try CacheDatabase(path: path)
        }
    }

    func unavailable(_ message: String, reason: String, in connection: inout Connection) -> CacheDatabase? {
        connection = .unavailable(reason: reason)
        warnOnce(message)
        return nil
    }
}
