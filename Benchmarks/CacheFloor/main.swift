// The floor of a cache hit: the least work that answers `details ID` from the CLI's cache —
// start, load libsqlite3 with dlopen, open the database read-only, read the launch's records by
// key, print them. No Foundation, no decoding, no locks, no credential: a bound nothing real can
// beat, for Scripts/bench to set the cache hit beside (Docs/Performance.md).
//
//   rocket-reserver-cache-floor DATABASE KEY...
//
// Prints each record found as `key`, a tab, its stored bytes and a newline; exits 1 when a key
// is missing or SQLite fails.
#if canImport(Glibc)
import Glibc
#endif

typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) -> Int32
typealias Prepare = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
typealias BindText = @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
typealias Step = @convention(c) (OpaquePointer?) -> Int32
typealias Blob = @convention(c) (OpaquePointer?, Int32) -> UnsafeRawPointer?
typealias Bytes = @convention(c) (OpaquePointer?, Int32) -> Int32
typealias Reset = @convention(c) (OpaquePointer?) -> Int32

func fail(_ text: String) -> Never {
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: rocket-reserver-cache-floor DATABASE KEY...\n") }
guard let library = dlopen("libsqlite3.so.0", RTLD_LAZY | RTLD_LOCAL) else { fail("libsqlite3.so.0 is missing\n") }
func bind<F>(_ name: String, _ type: F.Type) -> F {
    guard let symbol = dlsym(library, name) else { fail("libsqlite3 lacks \(name)\n") }
    return unsafeBitCast(symbol, to: type)
}
let open = bind("sqlite3_open_v2", Open.self)
let prepare = bind("sqlite3_prepare_v2", Prepare.self)
let bindText = bind("sqlite3_bind_text", BindText.self)
let step = bind("sqlite3_step", Step.self)
let blob = bind("sqlite3_column_blob", Blob.self)
let bytes = bind("sqlite3_column_bytes", Bytes.self)
let reset = bind("sqlite3_reset", Reset.self)

var database: OpaquePointer?
// SQLITE_OPEN_READONLY
guard open(arguments[1], &database, 0x0000_0001, nil) == 0 else { fail("cannot open \(arguments[1])\n") }
var statement: OpaquePointer?
guard prepare(database, "SELECT body FROM records WHERE key = ?1", -1, &statement, nil) == 0 else { fail("cannot read records\n") }
var output: [UInt8] = []
for key in arguments.dropFirst(2) {
    _ = reset(statement)
    _ = key.withCString { bindText(statement, 1, $0, -1, -1 /* SQLITE_TRANSIENT */) }
    guard step(statement) == 100 /* SQLITE_ROW */ else { fail("no record \(key)\n") }
    output += Array(key.utf8) + [9]
    if let body = blob(statement, 0) {
        output += UnsafeRawBufferPointer(start: body, count: Int(bytes(statement, 0)))
    }
    output.append(10)
}
var offset = 0
while offset < output.count {
    let written = output[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    guard written > 0 else { exit(1) }
    offset += written
}
