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
    /// `sqlite3_db_config(db, op, int, int*)`, for the options that take an on/off switch; `nil`
    /// where the library lacks it (the options are then left as they are).
    ///
    /// The C function is variadic: called through this fixed signature, its two integer
    /// arguments travel in the same registers as in a variadic call (x86-64 and arm64 on Linux).
    let databaseConfiguration: (@convention(c) (Handle?, Int32, Int32, UnsafeMutablePointer<Int32>?) -> Int32)?

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

    /// Each function is looked up as a raw pointer and cast here, where its type is known at
    /// compile time: looked up generically as its function type, every type's metadata was
    /// built at run time from its mangled name (a tenth of a cache hit's own instructions).
    private init?(_ library: DynamicLibrary) {
        func symbol(_ name: String) -> UnsafeMutableRawPointer? { library.function(name, as: UnsafeMutableRawPointer.self) }
        guard let open = symbol("sqlite3_open_v2").map({ unsafeBitCast($0, to: (@convention(c) (Text?, UnsafeMutablePointer<Handle?>?, Int32, Text?) -> Int32).self) }),
              let close = symbol("sqlite3_close_v2").map({ unsafeBitCast($0, to: (@convention(c) (Handle?) -> Int32).self) }),
              let prepare = symbol("sqlite3_prepare_v2").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Text?, Int32, UnsafeMutablePointer<Handle?>?, UnsafeMutablePointer<Text?>?) -> Int32).self) }),
              let step = symbol("sqlite3_step").map({ unsafeBitCast($0, to: (@convention(c) (Handle?) -> Int32).self) }),
              let reset = symbol("sqlite3_reset").map({ unsafeBitCast($0, to: (@convention(c) (Handle?) -> Int32).self) }),
              let clearBindings = symbol("sqlite3_clear_bindings").map({ unsafeBitCast($0, to: (@convention(c) (Handle?) -> Int32).self) }),
              let finalize = symbol("sqlite3_finalize").map({ unsafeBitCast($0, to: (@convention(c) (Handle?) -> Int32).self) }),
              let bindText = symbol("sqlite3_bind_text").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32, Text?, Int32, Int) -> Int32).self) }),
              let bindBlob = symbol("sqlite3_bind_blob").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32, UnsafeRawPointer?, Int32, Int) -> Int32).self) }),
              let bindInt64 = symbol("sqlite3_bind_int64").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32, Int64) -> Int32).self) }),
              let bindNull = symbol("sqlite3_bind_null").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32) -> Int32).self) }),
              let columnType = symbol("sqlite3_column_type").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32) -> Int32).self) }),
              let columnInt64 = symbol("sqlite3_column_int64").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32) -> Int64).self) }),
              let columnText = symbol("sqlite3_column_text").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32) -> UnsafePointer<UInt8>?).self) }),
              let columnBlob = symbol("sqlite3_column_blob").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32) -> UnsafeRawPointer?).self) }),
              let columnBytes = symbol("sqlite3_column_bytes").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32) -> Int32).self) }),
              let busyTimeout = symbol("sqlite3_busy_timeout").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Int32) -> Int32).self) }),
              let extendedErrorCode = symbol("sqlite3_extended_errcode").map({ unsafeBitCast($0, to: (@convention(c) (Handle?) -> Int32).self) }),
              let errorMessage = symbol("sqlite3_errmsg").map({ unsafeBitCast($0, to: (@convention(c) (Handle?) -> Text?).self) }),
              let errorString = symbol("sqlite3_errstr").map({ unsafeBitCast($0, to: (@convention(c) (Int32) -> Text?).self) }),
              let changes = symbol("sqlite3_changes").map({ unsafeBitCast($0, to: (@convention(c) (Handle?) -> Int32).self) }),
              let version = symbol("sqlite3_libversion").map({ unsafeBitCast($0, to: (@convention(c) () -> Text?).self) }),
              let fileControl = symbol("sqlite3_file_control").map({ unsafeBitCast($0, to: (@convention(c) (Handle?, Text?, Int32, UnsafeMutableRawPointer?) -> Int32).self) })
        else { return nil }
        databaseConfiguration = symbol("sqlite3_db_config").map {
            unsafeBitCast($0, to: (@convention(c) (Handle?, Int32, Int32, UnsafeMutablePointer<Int32>?) -> Int32).self)
        }
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
