/// Why an ``HTTPSession`` could not deliver a request or bring back a whole answer.
///
/// Sessions throw this instead of a platform error (`URLError`, `errno`), so the client stays
/// independent of FoundationNetworking.
public struct HTTPTransportError: Error, Sendable, Hashable {
    /// The transport failure kinds the client distinguishes.
    public enum Kind: Sendable, Hashable {
        /// Nothing listens at the address: the request was not sent.
        case connectionRefused
        /// The host name could not be resolved, or the network is unreachable: nothing was sent.
        case hostUnreachable
        /// The connection closed or was reset before a whole answer came back.
        case connectionLost
        /// The exchange took longer than the request's timeout.
        case timedOut
        /// The exchange was cancelled.
        case cancelled
        /// `libssl.so.3` could not be loaded, or the extra CA file could not be used: nothing was sent.
        case tlsUnavailable(reason: String)
        /// The server's certificate failed verification (untrusted, expired, another host): nothing was sent.
        case tlsCertificate(reason: String)
        /// The server did not complete a TLS handshake (for example it speaks plain http): nothing was sent.
        case tlsHandshake(reason: String)
        /// The server answered with a redirect (3xx), which is never followed; `location` is the
        /// target's origin (`scheme://host:port`) only, when there was one.
        case redirected(status: Int, location: String?)
        /// The proxy (named by its origin, never its credentials) could not be reached or refused
        /// to open the tunnel: nothing was sent to the server.
        case proxyFailed(proxy: String, reason: String)
        /// The server answered, but not in HTTP/1.1 framing this client can read: no status line,
        /// a bad chunk size, a conflicting or negative `Content-Length`, a head over its limit or
        /// too many header fields. The reason is one plain phrase, never server text.
        case malformedResponse(String)
        /// The body is larger than the session's limit (in bytes); reading stopped there.
        case responseTooLarge(limit: Int)
        /// The URL is not one the session can send to (a scheme other than http or https, no host,
        /// a malformed port): nothing was sent.
        case unsupportedURL
        /// A system call on the connection failed with this `errno` (see ``systemErrorText(_:)``).
        case system(errno: Int32)
        /// Anything else, with the session's own code (a `URLError` code for `URLSession`).
        case other(code: Int)
    }

    public var kind: Kind

    public init(_ kind: Kind) {
        self.kind = kind
    }
}
