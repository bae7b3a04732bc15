/// A prepared statement of one ``SQLiteDatabase``: bind parameters, step through rows, reset.
///
/// Used on the database's thread only, like the database itself.
package final class SQLiteStatement {
    private let library: SQLiteLibrary
    private let database: SQLiteLibrary.Handle
    let handle: SQLiteLibrary.Handle

    init(library: SQLiteLibrary, database: SQLiteLibrary.Handle, handle: SQLiteLibrary.Handle) {
        self.library = library
        self.database = database
        self.handle = handle
    }

    deinit { _ = library.finalize(handle) }

    /// Runs the statement with `values` bound to its parameters (1, 2, …) to its end, ignoring rows.
    package func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try bind(values)
        defer { reset() }
        while try step() {}
    }

    /// Runs the statement with `values` bound and calls `row` for each result row.
    package func forEachRow(_ values: [SQLiteValue] = [], _ row: (SQLiteStatement) throws(SQLiteError) -> Void) throws(SQLiteError) {
        try bind(values)
        defer { reset() }
        while try step() { try row(self) }
    }

    /// Binds `values` to parameters 1, 2, … after clearing earlier bindings.
    package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        _ = library.clearBindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds `text` to the 1-based parameter `index` (SQLite copies it); no value array is made.
    package func bind(text: String, at index: Int32) throws(SQLiteError) {
        let result = bindText(text, at: index, destructor: SQLiteCode.transient)
        guard result == SQLiteCode.ok else { throw failure(result) }
    }

    /// Binds `bytes` as a blob to the 1-based parameter `index` (SQLite copies them).
    package func bind(blob bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        let result = withUnsafeBytes(of: UInt8(0)) { empty in
            // An empty value still needs a pointer: a NULL one would bind SQL NULL.
            let base = bytes.baseAddress ?? empty.baseAddress
            return library.bindBlob(handle, index, base, Int32(bytes.count), SQLiteCode.transient)
        }
        guard result == SQLiteCode.ok else { throw failure(result) }
    }

    /// Binds `number` to the 1-based parameter `index`.
    package func bind(integer number: Int64, at index: Int32) throws(SQLiteError) {
        let result = library.bindInt64(handle, index, number)
        guard result == SQLiteCode.ok else { throw failure(result) }
    }

    /// Runs the statement with what is bound now to its end, ignoring rows, then resets it.
    package func runBound() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// Binds one value to the 1-based parameter `index`; SQLite copies text and blobs.
    package func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let transient = SQLiteCode.transient  // SQLite makes its own copy before returning.
        let result: Int32 = switch value {
        case .null: library.bindNull(handle, index)
        case .integer(let number): library.bindInt64(handle, index, number)
        case .text(let text): bindText(text, at: index, destructor: transient)
        case .blob(let bytes): bytes.withUnsafeBytes { buffer in
                // An empty value still needs a pointer: a NULL one would bind SQL NULL.
                guard let base = buffer.baseAddress else {
                    return withUnsafeBytes(of: UInt8(0)) { library.bindBlob(handle, index, $0.baseAddress, 0, transient) }
                }
                return library.bindBlob(handle, index, base, Int32(buffer.count), transient)
            }
        }
        guard result == SQLiteCode.ok else { throw failure(result) }
    }

    private func bindText(_ text: String, at index: Int32, destructor: Int) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // An empty string still needs a pointer: a NULL one would bind SQL NULL.
            guard let base = bytes.baseAddress else { return "".withCString { library.bindText(handle, index, $0, 0, destructor) } }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { library.bindText(handle, index, $0, Int32(bytes.count), destructor) }
        }
    }

    /// Moves to the next row: `true` when there is one, `false` at the end.
    package func step() throws(SQLiteError) -> Bool {
        switch library.step(handle) {
        case SQLiteCode.row: return true
        case SQLiteCode.done: return false
        case let code: throw failure(code)
        }
    }

    /// Makes the statement ready to run again (bindings stay until the next ``bind(_:)``).
    package func reset() {
        _ = library.reset(handle)
    }

    /// Whether column `index` of the current row is NULL.
    package func isNull(_ index: Int32) -> Bool { library.columnType(handle, index) == SQLiteCode.nullType }

    /// Column `index` of the current row as an integer (0 for NULL).
    package func integer(_ index: Int32) -> Int64 { library.columnInt64(handle, index) }

    /// Column `index` of the current row as text (`nil` for NULL); invalid UTF-8 is repaired.
    package func text(_ index: Int32) -> String? {
        guard let bytes = library.columnText(handle, index) else { return nil }
        let count = Int(library.columnBytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Appends column `index` of the current row, as bytes, to `bytes` (nothing for NULL).
    package func appendBlob(_ index: Int32, to bytes: inout [UInt8]) {
        // The pointer first, then its length (SQLite's documented order).
        let pointer = library.columnBlob(handle, index)
        let count = Int(library.columnBytes(handle, index))
        guard count > 0, let pointer else { return }
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Column `index` of the current row as bytes (`nil` for NULL).
    package func blob(_ index: Int32) -> [UInt8]? {
        guard !isNull(index) else { return nil }
        // The pointer first, then its length (SQLite's documented order).
        let pointer = library.columnBlob(handle, index)
        let count = Int(library.columnBytes(handle, index))
        guard count > 0, let pointer else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private func failure(_ code: Int32) -> SQLiteError {
        let extended = library.extendedErrorCode(database)
        let message = library.errorMessage(database).map { String(cString: $0) } ?? "SQLite error \(code)"
        return SQLiteError(code: extended != SQLiteCode.ok ? extended : code, detail: message)
    }
}
