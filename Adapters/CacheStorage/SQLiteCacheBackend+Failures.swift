import SQLite

/// What went wrong, said once each through the warning callback; a damaged file moved aside.
extension SQLiteCacheBackend {
    /// Says what went wrong; a damaged file is moved aside (the next use starts an empty one).
    /// - Returns: whether the file was replaced, so the work may be tried once more.
    @discardableResult
    func handle(_ error: SQLiteError, doing work: String, in connection: inout Connection) -> Bool {
        guard error.kind == .corrupt else {
            let verb = work == "save" ? "save" : "read"
            warnOnce("Could not \(verb) the GraphQL cache \(files.path): \(Self.phrase(error)).")
            return false
        }
        connection = .closed
        do {
            try files.moveAside()
        } catch {
            connection = .unavailable(reason: "\(error)")
            warnOnce("Could not move the damaged GraphQL cache \(files.path) aside: \(error); nothing is cached.")
            return false
        }
        movedAside(because: Self.phrase(error))
        return true
    }

    func movedAside(because reason: String) {
        warnOnce("Moved the damaged GraphQL cache \(files.path) aside to \(files.damagedPath) (\(reason)); starting an empty one.")
    }

    func warnOnce(_ message: String) {
        guard warned.withLock({ $0.insert(message).inserted }) else { return }
        onWarning(message)
    }

    /// A failure in a phrase for a warning.
    static func phrase(_ error: SQLiteError) -> String {
        switch error.kind {
        case .full: "the disk is full"
        case .readOnly: "the file or its folder is read-only"
        case .busy: "another process kept it locked for \(CacheDatabase.busyTimeout.components.seconds) seconds"
        case .corrupt: "it is damaged (\(error.detail))"
        case .cannotOpen: "it cannot be opened (\(error.detail))"
        case .ioError: "the system reported an I/O error (\(error.detail))"
        case .libraryUnavailable, .other: error.detail
        }
    }
}
