import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The server side of the system's OpenSSL 3, loaded at run time like the client's (`dlopen`
/// of `libssl.so.3`, functions by `dlsym`): just enough for a loopback test server.
struct TLSServerLibrary: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    let serverMethod: @convention(c) () -> Pointer?
    let contextNew: @convention(c) (Pointer?) -> Pointer?
    let contextFree: @convention(c) (Pointer?) -> Void
    let useCertificateChainFile: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let usePrivateKeyFile: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32
    let new: @convention(c) (Pointer?) -> Pointer?
    let free: @convention(c) (Pointer?) -> Void
    let setDescriptor: @convention(c) (Pointer?, Int32) -> Int32
    let accept: @convention(c) (Pointer?) -> Int32
    let read: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    let write: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
    let shutdown: @convention(c) (Pointer?) -> Int32
    let getError: @convention(c) (Pointer?, Int32) -> Int32
    let errorClear: @convention(c) () -> Void

    /// Why the library could not be used.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The process's copy, loaded once; `nil` without `libssl.so.3`.
    static let shared: TLSServerLibrary? = {
        guard let ssl = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL), let crypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL) else {
            return nil
        }
        func f<F>(_ handle: UnsafeMutableRawPointer, _ name: String, _ type: F.Type) -> F? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let serverMethod = f(ssl, "TLS_server_method", (@convention(c) () -> Pointer?).self),
              let contextNew = f(ssl, "SSL_CTX_new", (@convention(c) (Pointer?) -> Pointer?).self),
              let contextFree = f(ssl, "SSL_CTX_free", (@convention(c) (Pointer?) -> Void).self),
              let chain = f(ssl, "SSL_CTX_use_certificate_chain_file", (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
              let key = f(ssl, "SSL_CTX_use_PrivateKey_file", (@convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32).self),
              let new = f(ssl, "SSL_new", (@convention(c) (Pointer?) -> Pointer?).self),
              let free = f(ssl, "SSL_free", (@convention(c) (Pointer?) -> Void).self),
              let setDescriptor = f(ssl, "SSL_set_fd", (@convention(c) (Pointer?, Int32) -> Int32).self),
              let accept = f(ssl, "SSL_accept", (@convention(c) (Pointer?) -> Int32).self),
              let read = f(ssl, "SSL_read", (@convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32).self),
              let write = f(ssl, "SSL_write", (@convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32).self),
              let shutdown = f(ssl, "SSL_shutdown", (@convention(c) (Pointer?) -> Int32).self),
              let getError = f(ssl, "SSL_get_error", (@convention(c) (Pointer?, Int32) -> Int32).self),
              let errorClear = f(crypto, "ERR_clear_error", (@convention(c) () -> Void).self)
        else { return nil }
        return TLSServerLibrary(
            serverMethod: serverMethod, contextNew: contextNew, contextFree: contextFree, useCertificateChainFile: chain,
            usePrivateKeyFile: key, new: new, free: free, setDescriptor: setDescriptor, accept: accept, read: read,
            write: write, shutdown: shutdown, getError: getError, errorClear: errorClear
        )
    }()

    /// A server context presenting `certificate` (PEM chain) with `key`.
    func context(certificate: String, key: String) throws -> Pointer {
        guard let method = serverMethod(), let context = contextNew(method) else { throw Unavailable(description: "SSL_CTX_new failed") }
        guard useCertificateChainFile(context, certificate) == 1, usePrivateKeyFile(context, key, 1 /* SSL_FILETYPE_PEM */) == 1 else {
            contextFree(context)
            throw Unavailable(description: "cannot load \(certificate)")
        }
        return context
    }
}
