import POSIXSupport

/// The few SQLite 3 functions the cache calls, resolved at run time from the system's
/// `libsqlite3.so.0` with `dlopen`/`dlsym`: no headers, no -dev package and nothing at link time.
///
/// Every machine with a Swift toolchain has the library (SwiftPM links it). ``shared`` loads it
/// once; ``load()`` says why when it cannot.
package struct SQLiteLibrary: Sendable {
    typealias Handle = OpaquePointer
    typealias Text = UnsafePointer<CChar>

    // The C signatures, each written once: the properties below are typed by them and the
    // looked-up symbols cast to them.

    /// `int f(sqlite3*)` or `int f(sqlite3_stmt*)`: close, step, reset, clear bindings,
    /// finalize, the extended error code, changes.
    typealias HandleCall = @convention(c) (Handle?) -> Int32
    /// `int f(handle, int)`: bind NULL, a column's type or byte count, the busy timeout.
    typealias IndexCall = @convention(c) (Handle?, Int32) -> Int32
    /// `sqlite3_open_v2(path, &db, flags, vfs)`.
    typealias OpenCall = @convention(c) (Text?, UnsafeMutablePointer<Handle?>?, Int32, Text?) -> Int32
    /// `sqlite3_prepare_v2(db, sql, bytes, &statement, &tail)`.
    typealias PrepareCall = @convention(c) (Handle?, Text?, Int32, UnsafeMutablePointer<Handle?>?, UnsafeMutablePointer<Text?>?) -> Int32
    /// `sqlite3_bind_text(statement, index, text, bytes, destructor)`.
    typealias BindTextCall = @convention(c) (Handle?, Int32, Text?, Int32, Int) -> Int32
    /// `sqlite3_bind_blob(statement, index, bytes, count, destructor)`.
    typealias BindBlobCall = @convention(c) (Handle?, Int32, UnsafeRawPointer?, Int32, Int) -> Int32
    /// `sqlite3_bind_int64(statement, index, value)`.
    typealias BindInt64Call = @convention(c) (Handle?, Int32, Int64) -> Int32
    /// `sqlite3_column_int64(statement, index)`.
    typealias ColumnInt64Call = @convention(c) (Handle?, Int32) -> Int64
    /// `sqlite3_column_text(statement, index)`.
    typealias ColumnTextCall = @convention(c) (Handle?, Int32) -> UnsafePointer<UInt8>?
    /// `sqlite3_column_blob(statement, index)`.
    typealias ColumnBlobCall = @convention(c) (Handle?, Int32) -> UnsafeRawPointer?
    /// `sqlite3_errmsg(db)`.
    typealias MessageCall = @convention(c) (Handle?) -> Text?
    /// `sqlite3_errstr(code)`.
    typealias CodeTextCall = @convention(c) (Int32) -> Text?
    /// `sqlite3_file_control(db, "main", op, pointer)`.
    typealias FileControlCall = @convention(c) (Handle?, Text?, Int32, UnsafeMutableRawPointer?) -> Int32
    /// `sqlite3_db_config(db, op, int, int*)`, for the options that take an on/off switch.
    ///
    /// The C function is variadic: called through this fixed signature, its two integer
    /// arguments travel in the same registers as in a variadic call (x86-64 and arm64 on Linux).
    typealias DatabaseConfigurationCall = @convention(c) (Handle?, Int32, Int32, UnsafeMutablePointer<Int32>?) -> Int32

    let open: OpenCall
    let close: HandleCall
    let prepare: PrepareCall
    let step: HandleCall
    let reset: HandleCall
    let clearBindings: HandleCall
    let finalize: HandleCall
    /// `sqlite3_bind_text`; the last argument is the destructor, passed as `SQLITE_TRANSIENT`.
    let bindText: BindTextCall
    /// `sqlite3_bind_blob`; the last argument is the destructor, passed as `SQLITE_TRANSIENT`.
    let bindBlob: BindBlobCall
    let bindInt64: BindInt64Call
    let bindNull: IndexCall
    let columnType: IndexCall
    let columnInt64: ColumnInt64Call
    let columnText: ColumnTextCall
    let columnBlob: ColumnBlobCall
    let columnBytes: IndexCall
    let busyTimeout: IndexCall
    let extendedErrorCode: HandleCall
    let errorMessage: MessageCall
    let errorString: CodeTextCall
    let changes: HandleCall
    let fileControl: FileControlCall
    /// `nil` where the library lacks `sqlite3_db_config` (the options are then left as they are).
    let databaseConfiguration: DatabaseConfigurationCall?

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

    /// Each function is looked up as a raw pointer and cast here, where its type is known at
    /// compile time: looked up generically as its function type, every type's metadata was
    /// built at run time from its mangled name (a tenth of a cache hit's own instructions).
    private init?(_ library: DynamicLibrary) {
        func symbol(_ name: String) -> UnsafeMutableRawPointer? { library.function(name, as: UnsafeMutableRawPointer.self) }
        guard let open = symbol("sqlite3_open_v2").map({ unsafeBitCast($0, to: OpenCall.self) }),
              let close = symbol("sqlite3_close_v2").map({ unsafeBitCast($0, to: HandleCall.self) }),
              let prepare = symbol("sqlite3_prepare_v2").map({ unsafeBitCast($0, to: PrepareCall.self) }),
              let step = symbol("sqlite3_step").map({ unsafeBitCast($0, to: HandleCall.self) }),
              let reset = symbol("sqlite3_reset").map({ unsafeBitCast($0, to: HandleCall.self) }),
              let clearBindings = symbol("sqlite3_clear_bindings").map({ unsafeBitCast($0, to: HandleCall.self) }),
              let finalize = symbol("sqlite3_finalize").map({ unsafeBitCast($0, to: HandleCall.self) }),
              let bindText = symbol("sqlite3_bind_text").map({ unsafeBitCast($0, to: BindTextCall.self) }),
              let bindBlob = symbol("sqlite3_bind_blob").map({ unsafeBitCast($0, to: BindBlobCall.self) }),
              let bindInt64 = symbol("sqlite3_bind_int64").map({ unsafeBitCast($0, to: BindInt64Call.self) }),
              let bindNull = symbol("sqlite3_bind_null").map({ unsafeBitCast($0, to: IndexCall.self) }),
              let columnType = symbol("sqlite3_column_type").map({ unsafeBitCast($0, to: IndexCall.self) }),
              let columnInt64 = symbol("sqlite3_column_int64").map({ unsafeBitCast($0, to: ColumnInt64Call.self) }),
              let columnText = symbol("sqlite3_column_text").map({ unsafeBitCast($0, to: ColumnTextCall.self) }),
              let columnBlob = symbol("sqlite3_column_blob").map({ unsafeBitCast($0, to: ColumnBlobCall.self) }),
              let columnBytes = symbol("sqlite3_column_bytes").map({ unsafeBitCast($0, to: IndexCall.self) }),
              let busyTimeout = symbol("sqlite3_busy_timeout").map({ unsafeBitCast($0, to: IndexCall.self) }),
              let extendedErrorCode = symbol("sqlite3_extended_errcode").map({ unsafeBitCast($0, to: HandleCall.self) }),
              let errorMessage = symbol("sqlite3_errmsg").map({ unsafeBitCast($0, to: MessageCall.self) }),
              let errorString = symbol("sqlite3_errstr").map({ unsafeBitCast($0, to: CodeTextCall.self) }),
              let changes = symbol("sqlite3_changes").map({ unsafeBitCast($0, to: HandleCall.self) }),
              let fileControl = symbol("sqlite3_file_control").map({ unsafeBitCast($0, to: FileControlCall.self) })
        else { return nil }
        databaseConfiguration = symbol("sqlite3_db_config").map { unsafeBitCast($0, to: DatabaseConfigurationCall.self) }
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
        self.fileControl = fileControl
    }
}
