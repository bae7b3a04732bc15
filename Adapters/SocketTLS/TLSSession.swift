#if canImport(Glibc)
import Glibc
#endif

/// A TLS session an earlier connection to an origin established, offered to the next new
/// connection to the same origin so that its handshake is resumed (no certificate exchange,
/// one round trip less work for both sides).
///
/// Only ever offered to the origin (scheme, host, port, proxy) it came from, over the same
/// ``TLSContext``, whose trust settings verified the server when the session was made.
package final class TLSSession: @unchecked Sendable {
    let functions: TLSSessionFunctions
    package let pointer: OpaquePointer

    /// Takes ownership of `pointer` (one reference, freed on `deinit`).
    init(functions: TLSSessionFunctions, pointer: OpaquePointer) {
        self.functions = functions
        self.pointer = pointer
    }

    deinit { functions.free(pointer) }

    /// The session of the connection `ssl` (after a whole exchange, so that a TLS 1.3 server's
    /// ticket has arrived), or `nil` when it cannot be resumed.
    package static func current(of ssl: OpaquePointer) -> TLSSession? {
        guard let functions = TLSSessionFunctions.shared, let pointer = functions.get(ssl) else { return nil }
        let session = TLSSession(functions: functions, pointer: pointer)
        return functions.isResumable(pointer) == 1 ? session : nil
    }

    /// Asks `ssl`, before its handshake, to resume this session.
    package func offer(to ssl: OpaquePointer) {
        _ = functions.set(ssl, pointer)
    }

    /// Whether `ssl` holds bytes it has received and not handed out yet (a `close_notify` that
    /// came with the last answer, say): such a connection is not reused.
    package static func hasPending(_ ssl: OpaquePointer) -> Bool {
        TLSSessionFunctions.shared.map { $0.hasPending(ssl) == 1 } ?? true
    }

    /// Whether the handshake of `ssl` resumed a session.
    package static func wasResumed(_ ssl: OpaquePointer) -> Bool {
        TLSSessionFunctions.shared.map { $0.reused(ssl) == 1 } ?? false
    }
}

/// The OpenSSL 3 session functions (and `SSL_has_pending`), from the `libssl.so.3` ``OpenSSL`` has loaded (a second
/// `dlopen` of a loaded library only returns its handle).
struct TLSSessionFunctions: @unchecked Sendable {
    package let get: @convention(c) (OpaquePointer?) -> OpaquePointer?
    package let set: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    package let free: @convention(c) (OpaquePointer?) -> Void
    let isResumable: @convention(c) (OpaquePointer?) -> Int32
    package let reused: @convention(c) (OpaquePointer?) -> Int32
    package let hasPending: @convention(c) (OpaquePointer?) -> Int32

    package static let shared: TLSSessionFunctions? = load()

    private static func load() -> TLSSessionFunctions? {
        guard let handle = dlopen(OpenSSL.libraryName, RTLD_LAZY | RTLD_LOCAL),
              let get = dlsym(handle, "SSL_get1_session"), let set = dlsym(handle, "SSL_set_session"),
              let free = dlsym(handle, "SSL_SESSION_free"), let isResumable = dlsym(handle, "SSL_SESSION_is_resumable"),
              let reused = dlsym(handle, "SSL_session_reused"), let hasPending = dlsym(handle, "SSL_has_pending")
        else { return nil }
        return TLSSessionFunctions(
            get: unsafeBitCast(get, to: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            set: unsafeBitCast(set, to: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
            free: unsafeBitCast(free, to: (@convention(c) (OpaquePointer?) -> Void).self),
            isResumable: unsafeBitCast(isResumable, to: (@convention(c) (OpaquePointer?) -> Int32).self),
            reused: unsafeBitCast(reused, to: (@convention(c) (OpaquePointer?) -> Int32).self),
            hasPending: unsafeBitCast(hasPending, to: (@convention(c) (OpaquePointer?) -> Int32).self)
        )
    }
}
