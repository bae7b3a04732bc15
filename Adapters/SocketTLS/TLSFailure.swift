import SocketEventLoop
import Transport
#if canImport(Glibc)
import Glibc
#endif

/// Turns a failed OpenSSL call into an ``HTTPTransportError`` with a reason in words.
package enum TLSFailure {
    /// The error for `SSL_get_error`'s `code` after a call failed in `phase`.
    package static func error(code: Int32, errno socketError: Int32, phase: TLSStream.Phase, ssl: OpaquePointer, library: OpenSSL) -> HTTPTransportError {
        defer { library.errorClear() }
        let verification = library.verifyResult(ssl)
        if phase == .handshake, verification != 0 {
            return HTTPTransportError(.tlsCertificate(reason: certificateReason(verification, library: library)))
        }
        let queued = library.errorGet()
        if code == 5 /* SSL_ERROR_SYSCALL */ && queued == 0 {
            // The socket failed or the peer closed without a TLS goodbye.
            return socketError == 0 ? HTTPTransportError(.connectionLost) : SocketConnection.error(socketError)
        }
        // OpenSSL 3: the reason is the low 23 bits; SSL_R_UNEXPECTED_EOF_WHILE_READING is 294.
        let isSystem = queued & (1 << 31) != 0
        if isSystem || queued & 0x7F_FFFF == 294 {
            return HTTPTransportError(.connectionLost)
        }
        guard phase == .handshake else { return HTTPTransportError(.connectionLost) }
        return HTTPTransportError(.tlsHandshake(reason: reasonText(queued, library: library)))
    }

    /// The reason of a queued error in words; libcrypto's texts are loaded only now (see
    /// ``OpenSSL/initializationOptions``).
    package static func reasonText(_ code: UInt, library: OpenSSL) -> String {
        if let text = library.errorReasonString(code) { return String(cString: text) }
        // ERR_GET_LIB: bits 23 to 30.
        guard library.loadReasonStrings(forLibrary: Int((code >> 23) & 0xFF)), let text = library.errorReasonString(code) else {
            return "no reason given"
        }
        return String(cString: text)
    }

    /// A phrase about a failed certificate check, from `SSL_get_verify_result`'s code.
    static func certificateReason(_ code: Int, library: OpenSSL) -> String {
        let detail = library.verifyErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return switch code {
        case 10: "the server's certificate has expired (\(detail))"
        case 9: "the server's certificate is not valid yet (\(detail))"
        case 62, 63, 64: "the server's certificate is for another host (\(detail))"
        case 18, 19, 20, 21, 2, 27, 28: "the server's certificate is not trusted (\(detail))"
        default: "the server's certificate could not be verified (\(detail))"
        }
    }
}
