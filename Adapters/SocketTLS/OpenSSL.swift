import POSIXSupport

/// The few OpenSSL 3 functions the TLS client calls, resolved at run time from the system's
/// `libssl.so.3` and `libcrypto.so.3` with `dlopen`/`dlsym`: no headers and nothing at link
/// time, so a process that never speaks https never loads OpenSSL.
///
/// ``shared`` loads the libraries once, the first time https is used.
package struct OpenSSL: @unchecked Sendable {
    package typealias Pointer = OpaquePointer
    let clientMethod: @convention(c) () -> Pointer?
    package let contextNew: @convention(c) (Pointer?) -> Pointer?
    package let contextFree: @convention(c) (Pointer?) -> Void
    let contextControl: @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let setDefaultVerifyDirectory: @convention(c) (Pointer?) -> Int32
    let loadVerifyStore: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let defaultCertificateFileVariable: @convention(c) () -> UnsafePointer<CChar>?
    let defaultCertificateFile: @convention(c) () -> UnsafePointer<CChar>?
    let loadVerifyLocations: @convention(c) (Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let setVerify: @convention(c) (Pointer?, Int32, OpaquePointer?) -> Void
    package let new: @convention(c) (Pointer?) -> Pointer?
    package let free: @convention(c) (Pointer?) -> Void
    package let setDescriptor: @convention(c) (Pointer?, Int32) -> Int32
    package let control: @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let setHost: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let verifyParameters: @convention(c) (Pointer?) -> Pointer?
    let setIPAddress: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    package let connect: @convention(c) (Pointer?) -> Int32
    package let read: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    package let write: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
    package let shutdown: @convention(c) (Pointer?) -> Int32
    package let getError: @convention(c) (Pointer?, Int32) -> Int32
    let verifyResult: @convention(c) (Pointer?) -> Int
    let verifyErrorString: @convention(c) (Int) -> UnsafePointer<CChar>?
    let errorGet: @convention(c) () -> UInt
    package let errorClear: @convention(c) () -> Void
    let errorReasonString: @convention(c) (UInt) -> UnsafePointer<CChar>?
    let certificateStore: @convention(c) (Pointer?) -> Pointer?
    let memoryBIO: @convention(c) (UnsafeRawPointer?, Int32) -> Pointer?
    let freeBIO: @convention(c) (Pointer?) -> Int32
    let readPEMCertificate: @convention(c) (Pointer?, UnsafeMutablePointer<Pointer?>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Pointer?
    let storeAddCertificate: @convention(c) (Pointer?, Pointer?) -> Int32
    let freeCertificate: @convention(c) (Pointer?) -> Void
    let errorPeekLast: @convention(c) () -> UInt
    private let crypto: DynamicLibrary

    /// The library name https needs.
    package static let libraryName = "libssl.so.3"

    /// The process's OpenSSL, loaded on first use; `nil` when `libssl.so.3` is missing.
    package static let shared: OpenSSL? = load(ssl: libraryName, crypto: "libcrypto.so.3")

    /// Loads the two libraries by name; `nil` when either or any function is missing.
    package static func load(ssl sslName: String, crypto cryptoName: String) -> OpenSSL? {
        guard let ssl = DynamicLibrary(sslName), let crypto = DynamicLibrary(cryptoName) else { return nil }
        // Before libssl initialises itself (which asks for the opposite), skip what a TLS client
        // does not use; each flag claims its one-time step, so later requests for it do nothing:
        // - NO_ATEXIT: no freeing of every table at exit (the kernel takes it all anyway);
        // - NO_ADD_ALL_CIPHERS: the legacy cipher name table (libssl fetches ciphers from the
        //   provider; digests stay, certificate checks look them up by name);
        // - NO_LOAD_CRYPTO_STRINGS: libcrypto's reason texts, loaded by ``loadReasonStrings(forLibrary:)``
        //   only when a failure is put into words (libssl's own texts are still loaded).
        // `openssl.cnf` is still read, so the system's TLS policy applies as it does for curl.
        if let initialize = crypto.function("OPENSSL_init_crypto", as: (@convention(c) (UInt64, OpaquePointer?) -> Int32).self) {
            _ = initialize(initializationOptions, nil)
        }
        return OpenSSL(ssl: ssl, crypto: crypto)
    }

    /// `OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_NO_ADD_ALL_CIPHERS | OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS`.
    package static let initializationOptions: UInt64 = 0x0008_0000 | 0x0000_0010 | 0x0000_0001

    /// Loads libcrypto's reason texts for one library of an error code (`ERR_GET_LIB`), so
    /// `ERR_reason_error_string` can name it; `false` when there is no loader for it.
    func loadReasonStrings(forLibrary library: Int) -> Bool {
        guard let name = Self.reasonStringLoaders[library],
              let load = crypto.function("ERR_load_\(name)_strings", as: (@convention(c) () -> Int32).self) else { return false }
        return load() == 1
    }

    /// `ERR_LIB_*` codes of the libraries a handshake can fail in, and their loaders' names.
    private static let reasonStringLoaders: [Int: String] = [
        3: "BN", 4: "RSA", 6: "EVP", 7: "BUF", 8: "OBJ", 9: "PEM", 11: "X509", 13: "ASN1",
        15: "CRYPTO", 16: "EC", 32: "BIO", 34: "X509V3", 36: "RAND",
    ]

    private init?(ssl: DynamicLibrary, crypto: DynamicLibrary) {
        guard let clientMethod = ssl.function("TLS_client_method", as: (@convention(c) () -> Pointer?).self),
              let contextNew = ssl.function("SSL_CTX_new", as: (@convention(c) (Pointer?) -> Pointer?).self),
              let contextFree = ssl.function("SSL_CTX_free", as: (@convention(c) (Pointer?) -> Void).self),
              let contextControl = ssl.function("SSL_CTX_ctrl", as: (@convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int).self),
              let setDefaultVerifyDirectory = ssl.function("SSL_CTX_set_default_verify_dir", as: (@convention(c) (Pointer?) -> Int32).self),
              let loadVerifyStore = ssl.function("SSL_CTX_load_verify_store", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
              let defaultCertificateFileVariable = crypto.function("X509_get_default_cert_file_env", as: (@convention(c) () -> UnsafePointer<CChar>?).self),
              let defaultCertificateFile = crypto.function("X509_get_default_cert_file", as: (@convention(c) () -> UnsafePointer<CChar>?).self),
              let loadVerifyLocations = ssl.function(
                "SSL_CTX_load_verify_locations", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
              let setVerify = ssl.function("SSL_CTX_set_verify", as: (@convention(c) (Pointer?, Int32, OpaquePointer?) -> Void).self),
              let new = ssl.function("SSL_new", as: (@convention(c) (Pointer?) -> Pointer?).self),
              let free = ssl.function("SSL_free", as: (@convention(c) (Pointer?) -> Void).self),
              let setDescriptor = ssl.function("SSL_set_fd", as: (@convention(c) (Pointer?, Int32) -> Int32).self),
              let control = ssl.function("SSL_ctrl", as: (@convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int).self),
              let setHost = ssl.function("SSL_set1_host", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
              let verifyParameters = ssl.function("SSL_get0_param", as: (@convention(c) (Pointer?) -> Pointer?).self),
              let setIPAddress = crypto.function("X509_VERIFY_PARAM_set1_ip_asc", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
              let connect = ssl.function("SSL_connect", as: (@convention(c) (Pointer?) -> Int32).self),
              let read = ssl.function("SSL_read", as: (@convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32).self),
              let write = ssl.function("SSL_write", as: (@convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32).self),
              let shutdown = ssl.function("SSL_shutdown", as: (@convention(c) (Pointer?) -> Int32).self),
              let getError = ssl.function("SSL_get_error", as: (@convention(c) (Pointer?, Int32) -> Int32).self),
              let verifyResult = ssl.function("SSL_get_verify_result", as: (@convention(c) (Pointer?) -> Int).self),
              let verifyErrorString = crypto.function("X509_verify_cert_error_string", as: (@convention(c) (Int) -> UnsafePointer<CChar>?).self),
              let errorGet = crypto.function("ERR_get_error", as: (@convention(c) () -> UInt).self),
              let errorClear = crypto.function("ERR_clear_error", as: (@convention(c) () -> Void).self),
              let errorReasonString = crypto.function("ERR_reason_error_string", as: (@convention(c) (UInt) -> UnsafePointer<CChar>?).self),
              let certificateStore = ssl.function("SSL_CTX_get_cert_store", as: (@convention(c) (Pointer?) -> Pointer?).self),
              let memoryBIO = crypto.function("BIO_new_mem_buf", as: (@convention(c) (UnsafeRawPointer?, Int32) -> Pointer?).self),
              let freeBIO = crypto.function("BIO_free", as: (@convention(c) (Pointer?) -> Int32).self),
              let readPEMCertificate = crypto.function(
                "PEM_read_bio_X509_AUX",
                as: (@convention(c) (Pointer?, UnsafeMutablePointer<Pointer?>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Pointer?).self),
              let storeAddCertificate = crypto.function("X509_STORE_add_cert", as: (@convention(c) (Pointer?, Pointer?) -> Int32).self),
              let freeCertificate = crypto.function("X509_free", as: (@convention(c) (Pointer?) -> Void).self),
              let errorPeekLast = crypto.function("ERR_peek_last_error", as: (@convention(c) () -> UInt).self)
        else { return nil }
        self.clientMethod = clientMethod
        self.contextNew = contextNew
        self.contextFree = contextFree
        self.contextControl = contextControl
        self.setDefaultVerifyDirectory = setDefaultVerifyDirectory
        self.loadVerifyStore = loadVerifyStore
        self.defaultCertificateFileVariable = defaultCertificateFileVariable
        self.defaultCertificateFile = defaultCertificateFile
        self.loadVerifyLocations = loadVerifyLocations
        self.setVerify = setVerify
        self.new = new
        self.free = free
        self.setDescriptor = setDescriptor
        self.control = control
        self.setHost = setHost
        self.verifyParameters = verifyParameters
        self.setIPAddress = setIPAddress
        self.connect = connect
        self.read = read
        self.write = write
        self.shutdown = shutdown
        self.getError = getError
        self.verifyResult = verifyResult
        self.verifyErrorString = verifyErrorString
        self.errorGet = errorGet
        self.errorClear = errorClear
        self.errorReasonString = errorReasonString
        self.certificateStore = certificateStore
        self.memoryBIO = memoryBIO
        self.freeBIO = freeBIO
        self.readPEMCertificate = readPEMCertificate
        self.storeAddCertificate = storeAddCertificate
        self.freeCertificate = freeCertificate
        self.errorPeekLast = errorPeekLast
        self.crypto = crypto
    }
}
