@testable import SocketTransport
@testable import SocketTLS
import Testing

/// The words a TLS failure is reported with, although OpenSSL starts without libcrypto's reason
/// texts (``OpenSSL/initializationOptions``): they are loaded when a failure is worded.
@Suite(.timeLimit(.minutes(5))) struct TLSFailureTextTests {
    /// `ERR_PACK(lib, 0, reason)` of OpenSSL 3.
    static func code(library: UInt, reason: UInt) -> UInt { library << 23 | reason }

    @Test(.enabled(if: OpenSSL.shared != nil, "needs libssl.so.3"))
    func libcryptoReasonIsWordedAfterLoadingItsTexts() throws {
        let library = try #require(OpenSSL.shared)
        // ERR_LIB_ASN1 (13), ASN1_R_WRONG_TAG (168): what a malformed certificate leaves queued.
        #expect(TLSFailure.reasonText(Self.code(library: 13, reason: 168), library: library) == "wrong tag")
        // ERR_LIB_EC (16), EC_R_INVALID_ENCODING (102).
        #expect(TLSFailure.reasonText(Self.code(library: 16, reason: 102), library: library) == "invalid encoding")
    }

    @Test(.enabled(if: OpenSSL.shared != nil, "needs libssl.so.3"))
    func libsslReasonIsWorded() throws {
        // libssl's texts come with the first context, as before any handshake.
        let library = try TLSContext.make(TLSConfiguration()).library
        // ERR_LIB_SSL (20), SSL_R_WRONG_VERSION_NUMBER (267): a plain-http server behind https.
        #expect(TLSFailure.reasonText(Self.code(library: 20, reason: 267), library: library) == "wrong version number")
    }

    @Test(.enabled(if: OpenSSL.shared != nil, "needs libssl.so.3"))
    func unknownLibraryFallsBackToAPhrase() throws {
        let library = try #require(OpenSSL.shared)
        #expect(TLSFailure.reasonText(Self.code(library: 200, reason: 1), library: library) == "no reason given")
    }
}
