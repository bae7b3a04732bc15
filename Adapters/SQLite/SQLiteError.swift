/// Why an SQLite call failed: the kind a caller acts on, SQLite's extended result code, and
/// SQLite's own words (never any bound value, so no stored data leaks into a message).
package struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failures a cache treats differently.
    package enum Kind: Sendable, Hashable {
        /// `libsqlite3.so.0` is missing or lacks a function: nothing can be stored.
        case libraryUnavailable
        /// The file could not be opened: missing folder, no permission, a symlink (never followed).
        case cannotOpen
        /// Another connection held the lock for longer than the busy timeout.
        case busy
        /// The file is not a database, or a damaged one (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
        case corrupt
        /// The disk (or the file size limit) is full.
        case full
        /// The file or its folder is read-only.
        case readOnly
        /// The operating system reported an I/O error.
        case ioError
        /// Any other result code.
        case other
    }

    package var kind: Kind
    /// SQLite's extended result code (0 when the failure is not SQLite's own).
    package var code: Int32
    /// One phrase: SQLite's message, or what could not be done.
    package var detail: String

    package init(_ kind: Kind, code: Int32 = SQLiteCode.ok, _ detail: String) {
        self.kind = kind
        self.code = code
        self.detail = detail
    }

    /// The kind for an (extended) result code.
    package init(code: Int32, detail: String) {
        let kind: Kind = switch SQLiteCode.primary(code) {
        case SQLiteCode.busy, SQLiteCode.locked: .busy
        case SQLiteCode.readOnly: .readOnly
        case SQLiteCode.ioError: .ioError
        case SQLiteCode.corrupt, SQLiteCode.notADatabase: .corrupt
        case SQLiteCode.full: .full
        case SQLiteCode.cannotOpen: .cannotOpen
        default: .other
        }
        self.init(kind, code: code, detail)
    }

    package var description: String { code == SQLiteCode.ok ? detail : "\(detail) (SQLite error \(code))" }
}
