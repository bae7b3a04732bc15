import Glibc

/// A system library opened at run time with `dlopen`, whose C functions are looked up by name.
///
/// Adapters that use a system library this way (SQLite, OpenSSL) need no headers and no -dev package,
/// and a process that never uses the library never loads it.
package struct DynamicLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    /// Opens `name` (for example `libsqlite3.so.0`) with local symbols; `nil` when the
    /// dynamic loader cannot find or load it.
    package init?(_ name: String) {
        guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else { return nil }
        self.handle = handle
    }

    /// The function `name` as the C function type `type`, or `nil` when the library lacks it.
    /// The caller's `type` must match the C declaration.
    package func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
