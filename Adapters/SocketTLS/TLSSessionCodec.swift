import SocketSystem

#if canImport(Glibc)
import Glibc
#endif

/// The OpenSSL 3 functions that turn a ``TLSSession`` into bytes and back, read its lifetime,
/// check a resumed session's certificate against a host, and hash trust settings: bound from the
/// loaded `libssl.so.3` and `libcrypto.so.3` only when a session is kept across processes
/// (``TLSSessionStore``), so a process that does not keep one binds none of them.
package struct TLSSessionCodec: @unchecked Sendable {
    package let encode: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    package let decode: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int) -> OpaquePointer?
    package let time: @convention(c) (OpaquePointer?) -> Int
    package let timeout: @convention(c) (OpaquePointer?) -> Int
    let lifetimeHint: @convention(c) (OpaquePointer?) -> UInt
    let setMaximumEarlyData: @convention(c) (OpaquePointer?, UInt32) -> Int32
    let peerCertificate: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let checkHost: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int, UInt32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
    let checkAddress: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32) -> Int32
    let sha256: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?
    let freeMemory: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32) -> Void

    /// Bound on first use; `nil` when OpenSSL is missing or lacks one of them.
    package static let shared: TLSSessionCodec? = load()

    private static func load() -> TLSSessionCodec? {
        // Both are loaded already (``OpenSSL/shared``): a second dlopen only returns the handle.
        guard OpenSSL.shared != nil, let ssl = dlopen(OpenSSL.libraryName, RTLD_LAZY | RTLD_LOCAL),
              let crypto = dlopen("libcrypto.so.3", RTLD_LAZY | RTLD_LOCAL) else { return nil }
        func bind<F>(_ handle: UnsafeMutableRawPointer, _ name: String, _ type: F.Type) -> F? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let encode = bind(ssl, "i2d_SSL_SESSION", (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32).self),
              let decode = bind(
                ssl, "d2i_SSL_SESSION",
                (@convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int) -> OpaquePointer?).self),
              let time = bind(ssl, "SSL_SESSION_get_time", (@convention(c) (OpaquePointer?) -> Int).self),
              let timeout = bind(ssl, "SSL_SESSION_get_timeout", (@convention(c) (OpaquePointer?) -> Int).self),
              let lifetimeHint = bind(ssl, "SSL_SESSION_get_ticket_lifetime_hint", (@convention(c) (OpaquePointer?) -> UInt).self),
              let setMaximumEarlyData = bind(ssl, "SSL_SESSION_set_max_early_data", (@convention(c) (OpaquePointer?, UInt32) -> Int32).self),
              let peerCertificate = bind(ssl, "SSL_get0_peer_certificate", (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
              let checkHost = bind(
                crypto, "X509_check_host",
                (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int, UInt32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32).self),
              let checkAddress = bind(crypto, "X509_check_ip_asc", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32) -> Int32).self),
              let sha256 = bind(crypto, "SHA256", (@convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?).self),
              let freeMemory = bind(crypto, "CRYPTO_free", (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32) -> Void).self)
        else { return nil }
        return TLSSessionCodec(
            encode: encode, decode: decode, time: time, timeout: timeout, lifetimeHint: lifetimeHint, setMaximumEarlyData: setMaximumEarlyData,
            peerCertificate: peerCertificate, checkHost: checkHost, checkAddress: checkAddress, sha256: sha256, freeMemory: freeMemory
        )
    }

    /// The session's DER encoding (`i2d_SSL_SESSION`), or `nil` when it cannot be encoded.
    package func bytes(of session: TLSSession) -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        let count = encode(session.pointer, &out)
        guard count > 0, let out else { return nil }
        defer { freeMemory(out, nil, 0) }
        return Array(UnsafeBufferPointer(start: out, count: Int(count)))
    }

    /// The session encoded in `bytes`, with early data switched off; `nil` for anything that is
    /// not one whole DER-encoded session (trailing bytes included) or cannot be resumed.
    package func session(from bytes: [UInt8]) -> TLSSession? {
        guard let functions = TLSSessionFunctions.shared, !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> TLSSession? in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let pointer = decode(nil, &cursor, buffer.count) else { return nil }
            let session = TLSSession(functions: functions, pointer: pointer)
            guard cursor == base + buffer.count, functions.isResumable(pointer) == 1 else { return nil }
            // No 0-RTT: nothing is ever written before the handshake ends, so a request can never
            // be replayed; the server is told so too (a session that allows no early data).
            _ = setMaximumEarlyData(pointer, 0)
            return session
        }
    }

    /// When the session stops being offered, in seconds since 1970: its start plus the shorter
    /// of its timeout and the server's ticket lifetime hint, and never more than seven days
    /// (TLS 1.3's limit for a ticket); `nil` when it has none.
    package func expiry(of session: TLSSession) -> Int64? {
        let start = Int64(time(session.pointer))
        var lifetime = Int64(timeout(session.pointer))
        let hint = Int64(clamping: lifetimeHint(session.pointer))
        if hint > 0 { lifetime = min(lifetime, hint) }
        lifetime = min(lifetime, 7 * 24 * 3_600)
        guard start > 0, lifetime > 0 else { return nil }
        return start + lifetime
    }

    /// Whether the certificate the resumed connection `ssl` carries over from its session names
    /// `host` (a DNS name, or an IP address), as the full handshake's check did for it.
    func peerNames(_ ssl: OpaquePointer, host: String) -> Bool {
        guard let certificate = peerCertificate(ssl) else { return false }
        if HostAddress.isIPLiteral(host) { return checkAddress(certificate, host, 0) == 1 }
        let name = HostAddress.certificateName(host)
        return name.withCString { checkHost(certificate, $0, strlen($0), 0, nil) == 1 }
    }

    /// The SHA-256 of `bytes`, as 64 lower-case hex digits.
    package func digest(_ bytes: [UInt8]) -> String {
        var hash = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { buffer in _ = sha256(buffer.baseAddress, buffer.count, &hash) }
        return hash.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
