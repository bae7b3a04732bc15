import Transport
import POSIXSupport
#if canImport(Glibc)
import Glibc
#endif

/// An OpenSSL client context (`SSL_CTX`) set up from a ``TLSConfiguration``: peer verification
/// on, the default trust store plus the extra CAs, TLS 1.2 at least.
package final class TLSContext: @unchecked Sendable {
    package let library: OpenSSL
    package let pointer: OpaquePointer
    /// What the context trusts, as bytes: the system store's bundle file and folder settings and
    /// the extra CA file's content. A kept session is bound to it (``TLSSessionStore``); set
    /// while the context is made, before it is shared.
    package private(set) var trust: [UInt8] = []
    /// The extra CAs, while they wait for a full handshake to need them.
    package var deferredCertificates: TLSDeferredCertificates?

    private init(library: OpenSSL, pointer: OpaquePointer) {
        self.library = library
        self.pointer = pointer
    }

    deinit { library.contextFree(pointer) }

    /// A new context trusting the system's store and the PEM file `additionalTrustedCertificates`
    /// (SocketTransport's `TLSConfiguration`); throws ``HTTPTransportError/Kind/tlsUnavailable(reason:)``
    /// when OpenSSL is missing or the extra CA file cannot be loaded.
    package static func make(trusting additionalTrustedCertificates: String?, library: OpenSSL? = OpenSSL.shared) throws -> TLSContext {
        guard let library else {
            throw HTTPTransportError(.tlsUnavailable(reason: "the TLS library \(OpenSSL.libraryName) could not be loaded"))
        }
        guard let method = library.clientMethod(), let pointer = library.contextNew(method) else {
            throw HTTPTransportError(.tlsUnavailable(reason: "the TLS library could not set up a client"))
        }
        let context = TLSContext(library: library, pointer: pointer)
        library.setVerify(pointer, 1 /* SSL_VERIFY_PEER */, nil)
        _ = library.contextControl(pointer, 123 /* SSL_CTRL_SET_MIN_PROTO_VERSION */, 0x0303 /* TLS1_2_VERSION */, nil)
        _ = library.contextControl(pointer, 33 /* SSL_CTRL_MODE */, 2 /* SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER */, nil)
        // OpenSSL's default trust store, as `SSL_CTX_set_default_verify_paths` sets it up (the
        // hashed folder, `SSL_CERT_DIR`, and the bundle file, `SSL_CERT_FILE`), but with the
        // bundle searched only when an issuer is not found otherwise (`load_verify_store`)
        // instead of parsing its ~140 certificates on every run. Missing defaults are not an
        // error: the extra CAs may be all that is trusted.
        _ = library.setDefaultVerifyDirectory(pointer)
        let bundle = defaultBundle(library)
        context.trust = systemTrust(bundle: bundle)
        if let bundle {
            // Looked at first, without blocking: OpenSSL would open a FIFO and wait forever.
            let usable: Bool
            do {
                usable = try FileIO.isNamedRegularFile(bundle, limit: FileIO.maximumCAFileSize)
            } catch {
                throw HTTPTransportError(.tlsUnavailable(reason: "the CA bundle \(bundle) cannot be used: \(error)"))
            }
            if usable { _ = library.loadVerifyStore(pointer, bundle) }
        }
        if let file = additionalTrustedCertificates {
            let bytes = try readCertificateFile(file)
            context.trust += Array("cafile\n".utf8) + bytes
            // Decoded only when a full handshake verifies a chain (a resumed one never does).
            if !TLSDeferredCertificates.defer(bytes, on: context) {
                try addCertificates(bytes, to: context, file: file)
            }
        }
        library.errorClear()
        return context
    }
}

/// Reads the PEM file of extra CAs itself (links followed, never blocking, a regular file of at
/// most ``FileIO.maximumCAFileSize``), so OpenSSL never opens the path: a FIFO there cannot hang the run.
private func readCertificateFile(_ file: String) throws -> [UInt8] {
    do {
        guard let read = try FileIO.readNamed(file, limit: FileIO.maximumCAFileSize) else {
            throw HTTPTransportError(.tlsUnavailable(reason: "the CA file \(file) does not exist"))
        }
        return read
    } catch let error as FileIO.Failure {
        throw HTTPTransportError(.tlsUnavailable(reason: "the CA file \(file) cannot be used: \(error)"))
    }
}

/// Adds the certificates of a PEM file's `bytes` to the context's store from memory; throws
/// when there is none, or a damaged block (which would silently drop those after it).
func addCertificates(_ bytes: [UInt8], to context: TLSContext, file: String) throws {
    let library = context.library
    guard let store = library.certificateStore(context.pointer) else {
        throw HTTPTransportError(.tlsUnavailable(reason: "the TLS library could not set up a client"))
    }
    var added = 0
    bytes.withUnsafeBytes { buffer in
        guard let bio = library.memoryBIO(buffer.baseAddress, Int32(clamping: buffer.count)) else { return }
        defer { _ = library.freeBIO(bio) }
        while let certificate = library.readPEMCertificate(bio, nil, nil, nil) {
            if library.storeAddCertificate(store, certificate) == 1 { added += 1 }
            library.freeCertificate(certificate)
        }
    }
    // Reading past the last certificate leaves "no start line" (PEM library 9, reason 108)
    // queued; anything else is a damaged block, which would silently drop every certificate
    // after it: the file is refused instead.
    let last = library.errorPeekLast()
    library.errorClear()
    guard added > 0, last == 0 || ((last >> 23) & 0xFF == 9 && last & 0x7F_FFFF == 108) else {
        throw HTTPTransportError(.tlsUnavailable(reason: "the CA file \(file) could not be loaded as PEM certificates"))
    }
}

/// The system store's settings as bytes: the bundle's path, size and time of change (a CA
/// added or removed changes it), and the hashed folder `SSL_CERT_DIR` names.
private func systemTrust(bundle: String?) -> [UInt8] {
    var info = stat()
    let changed = bundle.map { stat($0, &info) == 0 ? "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "none" } ?? "none"
    let folder = getenv("SSL_CERT_DIR").map { String(cString: $0) } ?? "-"
    return Array("system bundle=\(bundle ?? "-") \(changed) folder=\(folder)\n".utf8)
}

/// The trust bundle file OpenSSL uses by default: `$SSL_CERT_FILE`, else its built-in path.
private func defaultBundle(_ library: OpenSSL) -> String? {
    if let name = library.defaultCertificateFileVariable(), let value = getenv(name), value.pointee != 0 {
        return String(cString: value)
    }
    return library.defaultCertificateFile().map { String(cString: $0) }
}
