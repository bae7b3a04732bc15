import POSIXSupport
import SocketTLS

/// The server side of the system's OpenSSL 3, for a loopback test server: the product's loader
/// (`OpenSSL.shared`, so one `dlopen`, one initialisation and one declaration of each function
/// both sides call) and the four calls only a server makes, looked up in the same library.
@dynamicMemberLookup
struct TLSServerLibrary: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    /// The client's functions (`SSL_new`, `SSL_read`…), which a server calls too.
    let shared: OpenSSL
    let serverMethod: @convention(c) () -> Pointer?
    let useCertificateChainFile: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let usePrivateKeyFile: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32
    let accept: @convention(c) (Pointer?) -> Int32

    /// Why the library could not be used.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The process's copy, loaded once; `nil` without `libssl.so.3`.
    static let shared: TLSServerLibrary? = {
        guard let openSSL = OpenSSL.shared, let ssl = DynamicLibrary(OpenSSL.libraryName),
              let serverMethod = ssl.function("TLS_server_method", as: (@convention(c) () -> Pointer?).self),
              let chain = ssl.function("SSL_CTX_use_certificate_chain_file", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
              let key = ssl.function("SSL_CTX_use_PrivateKey_file", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32).self),
              let accept = ssl.function("SSL_accept", as: (@convention(c) (Pointer?) -> Int32).self)
        else { return nil }
        return TLSServerLibrary(shared: openSSL, serverMethod: serverMethod, useCertificateChainFile: chain, usePrivateKeyFile: key, accept: accept)
    }()

    /// A function the client's library has (`library.read`, `library.errorClear`…).
    subscript<Function>(dynamicMember function: KeyPath<OpenSSL, Function>) -> Function {
        shared[keyPath: function]
    }

    /// A server context presenting `certificate` (PEM chain) with `key`.
    func context(certificate: String, key: String) throws -> Pointer {
        guard let method = serverMethod(), let context = self.contextNew(method) else { throw Unavailable(description: "SSL_CTX_new failed") }
        guard useCertificateChainFile(context, certificate) == 1, usePrivateKeyFile(context, key, 1 /* SSL_FILETYPE_PEM */) == 1 else {
            self.contextFree(context)
            throw Unavailable(description: "cannot load \(certificate)")
        }
        return context
    }
}
