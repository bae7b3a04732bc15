/// How the socket session verifies `https://` servers.
///
/// Verification is always on: the chain must lead to a trusted CA (OpenSSL's default trust
/// store, which honours `SSL_CERT_FILE` and `SSL_CERT_DIR`, plus ``additionalTrustedCertificates``),
/// the certificate must name the host (DNS name or IP address) and be in date, and TLS 1.2 is
/// the oldest version accepted. There is deliberately no way to switch any of it off.
public struct TLSConfiguration: Sendable, Hashable {
    /// A PEM file of extra CAs to trust besides the system's, for a private or company CA.
    ///
    /// The library reads it itself (symbolic links followed, never blocking; a regular file of
    /// at most 16 MiB) and gives OpenSSL the bytes, so a FIFO or a device there is refused
    /// (``HTTPTransportError/Kind/tlsUnavailable(reason:)``) instead of hanging the handshake.
    public var additionalTrustedCertificates: String?

    public init(additionalTrustedCertificates: String? = nil) {
        self.additionalTrustedCertificates = additionalTrustedCertificates
    }
}
