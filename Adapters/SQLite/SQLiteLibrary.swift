import POSIXSupport

/// The few SQLite 3 functions the cache calls, resolved at run time from the system's
/// `libsqlite3.so.0` with `dlopen`/`dlsym`: no headers, no -dev package and nothing at link time.
///
/// Every machine with a Swift toolchain has the library (SwiftPM links it). ``shared`` loads it
/// once; ``load()`` says why when it cannot.
package struct SQLiteLibrary: @unchecked Sendable {
    typealias Handle = OpaquePointer
    typealias Text = UnsafePointer<CChar>

    let open: @convention(c) (Text?, UnsafeMutablePointer<Handle?>?, Int32, Text?) -> Int32
    let close: @convention(c) (Handle?) -> Int32
    let prepare: @convention(c) (Handle?, Text?, Int32, UnsafeMutablePointer<Handle?>?, UnsafeMutablePointer<Text?>?) -> Int32
    let step: @convention(c) (Handle?) -> Int32
    let reset: @convention(c) (Handle?) -> Int32
    let clearBindings: @convention(c) (Handle?) -> Int32
    let finalize: @convention(c) (Handle?) -> Int32
    /// `sqlite3_bind_text`; the last argument is the destructor, passed as `SQLITE_TRANSIENT` (-1).
    let bindText: @convention(c) (Handle?, Int32, Text?, Int32, Int) -> Int32
    /// `sqlite3_bind_blob`; the last argument is the destructor, passed as `SQLITE_TRANSIENT` (-1).
    let bindBlob: @convention(c) (Handle?, Int32, UnsafeRawPointer?, Int32, Int) -> Int32
    let bindInt64: @convention(c) (Handle?, Int32, Int64) -> Int32
    let bindNull: @convention(c) (Handle?, Int32) -> Int32
    let columnType: @convention(c) (Handle?, Int32) -> Int32
    let columnInt64: @convention(c) (Handle?, Int32) -> Int64
    let columnText: @convention(c) (Handle?, Int32) -> UnsafePointer<UInt8>?
    let columnBlob: @convention(c) (Handle?, Int32) -> UnsafeRawPointer?
    let columnBytes: @convention(c) (Handle?, Int32) -> Int32
    let busyTimeout: @convention(c) (Handle?, Int32) -> Int32
    let extendedErrorCode: @convention(c) (Handle?) -> Int32
    let errorMessage: @convention(c) (Handle?) -> Text?
    let errorString: @convention(c) (Int32) -> Text?
    let changes: @convention(c) (Handle?) -> Int32
    let version: @convention(c) () -> Text?
    /// `sqlite3_file_control(db, "main", op, pointer)`.
    let fileControl: @convention(c) (Handle?, Text?, Int32, UnsafeMutableRawPointer?) -> Int32

    /// The library's file name.
    package static let libraryName = "libsqlite3.so.0"

    /// The process's SQLite, loaded on first use, or why it could not be.
    package static let shared: Result<SQLiteLibrary, SQLiteError> = load()

    /// Loads ``libraryName``; fails with ``SQLiteError/Kind/libraryUnavailable`` when the library
    /// is missing or lacks a function.
    package static func load(_ name: String = libraryName) -> Result<SQLiteLibrary, SQLiteError> {
        guard let library = DynamicLibrary(name) else {
            return .failure(SQLiteError(.libraryUnavailable, "the SQLite library \(name) could not be loaded"))
        }
        guard let loaded = SQLiteLibrary(library) else {
            return .failure(SQLiteError(.libraryUnavailable, "the SQLite library \(name) lacks a function the cache needs"))
        }
        return .success(loaded)
    }

    /// The library's version, for example `3.40.1`.
    package var versionText: String { version().map { String(cString: $0) } ?? "unknown" }

    private init?(_ library: DynamicLibrary) {
        guard let open = library.function("sqlite3_open_v2", as: (@convention(c) (Text?, UnsafeMutablePointer<Handle?>?, Int32, Text?) -> Int32).self),
              let close = library.function("sqlite3_close_v2", as: (@convention(c) (Handle?) -> Int32).self),
              let prepare = library.function(
                "sqlite3_prepare_v2", as: (@convention(c) (Handle?, Text?, Int32, UnsafeMutablePointer<Handle?>?, UnsafeMutablePointer<Text?>?) -> Int32).self),
              let step = library.function("sqlite3_step", as: (@convention(c) (Handle?) -> Int32).self),
              let reset = library.function("sqlite3_reset", as: (@convention(c) (Handle?) -> Int32).self),
              let clearBindings = library.function("sqlite3_clear_bindings", as: (@convention(c) (Handle?) -> Int32).self),
              let finalize = library.function("sqlite3_finalize", as: (@convention(c) (Handle?) -> Int32).self),
              let bindText = library.function("sqlite3_bind_text", as: (@convention(c) (Handle?, Int32, Text?, Int32, Int) -> Int32).self),
              let bindBlob = library.function("sqlite3_bind_blob", as: (@convention(c) (Handle?, Int32, UnsafeRawPointer?, Int32, Int) -> Int32).self),
              let bindInt64 = library.function("sqlite3_bind_int64", as: (@convention(c) (Handle?, Int32, Int64) -> Int32).self),
              let bindNull = library.function("sqlite3_bind_null", as: (@convention(c) (Handle?, Int32) -> Int32).self),
              let columnType = library.function("sqlite3_column_type", as: (@convention(c) (Handle?, Int32) -> Int32).self),
              let columnInt64 = library.function("sqlite3_column_int64", as: (@convention(c) (Handle?, Int32) -> Int64).self),
              let columnText = library.function("sqlite3_column_text", as: (@convention(c) (Handle?, Int32) -> UnsafePointer<UInt8>?).self),
              let columnBlob = library.function("sqlite3_column_blob", as: (@convention(c) (Handle?, Int32) -> UnsafeRawPointer?).self),
              let columnBytes = library.function("sqlite3_column_bytes", as: (@convention(c) (Handle?, Int32) -> Int32).self),
              let busyTimeout = library.function("sqlite3_busy_timeout", as: (@convention(c) (Handle?, Int32) -> Int32).self),
              let extendedErrorCode = library.function("sqlite3_extended_errcode", as: (@convention(c) (Handle?) -> Int32).self),
              let errorMessage = library.function("sqlite3_errmsg", as: (@convention(c) (Handle?) -> Text?).self),
              let errorString = library.function("sqlite3_errstr", as: (@convention(c) (Int32) -> Text?).self),
              let changes = library.function("sqlite3_changes", as: (@convention(c) (Handle?) -> Int32).self),
              let version = library.function("sqlite3_libversion", as: (@convention(c) () -> Text?).self),
              let fileControl = library.function("sqlite3_file_control", as: (@convention(c) (Handle?, Text?, Int32, UnsafeMutableRawPointer?) -> Int32).self)
        else { return nil }
        self.open = open
        self.close = close
        self.prepare = prepare
        self.step = step
        self.reset = reset
        self.clearBindings = clearBindings
        self.finalize = finalize
        self.bindText = bindText
        self.bindBlob = bindBlob
        self.bindInt64 = bindInt64
        self.bindNull = bindNull
        self.columnType = columnType
        self.columnInt64 = columnInt64
        self.columnText = columnText
        self.columnBlob = columnBlob
        self.columnBytes = columnBytes
        self.busyTimeout = busyTimeout
        self.extendedErrorCode = extendedErrorCode
        self.errorMessage = errorMessage
        self.errorString = errorString
        self.changes = changes
        self.version = version
        self.fileControl = fileControl
    }
}
