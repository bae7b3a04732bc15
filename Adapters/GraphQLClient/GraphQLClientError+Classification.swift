extension GraphQLClientError {
    /// What a failure means to whoever reports it: one case per way a front end tells the user
    /// about it. Adapters map these onto their own errors (the gateway and the document runner onto the
    /// ports' `ServiceError`), so the client's many failure kinds are sorted in one place.
    public enum Classification: Sendable, Hashable {
        /// The server did not accept the credential (see ``isUnauthenticated(alsoWhen:)``).
        case unauthenticated
        /// The server's TLS certificate failed verification.
        case untrustedCertificate
        /// No secure connection could be set up: TLS is unavailable here, or the server did not
        /// complete a TLS handshake.
        case tlsFailed
        /// The proxy could not be reached or refused to open the tunnel.
        case proxyFailed
        /// The server could not be reached, or the connection closed without an answer.
        case unreachable
        /// No answer within the request's timeout.
        case timedOut
        /// The server answered something that is not a GraphQL answer of the expected shape.
        case unreadableResponse
        /// A cache-only read found the cache lacking the answer.
        case notCached
        /// The server understood the request and answered with errors.
        case rejected
        /// The request was cancelled.
        case cancelled
    }

    /// Whether the server refused the credential: HTTP 401 or 403, or a GraphQL error with the
    /// code `UNAUTHENTICATED` or one that `alsoWhen` recognises (a server's own wording).
    public func isUnauthenticated(alsoWhen recognises: (GraphQLError) -> Bool = { _ in false }) -> Bool {
        if statusCode == 401 || statusCode == 403 { return true }
        return graphQLErrors.contains { $0.code == "UNAUTHENTICATED" || recognises($0) }
    }

    /// The failure's classification; `unauthenticatedWhen` is passed to ``isUnauthenticated(alsoWhen:)``.
    public func classification(unauthenticatedWhen recognises: (GraphQLError) -> Bool = { _ in false }) -> Classification {
        if isUnauthenticated(alsoWhen: recognises) { return .unauthenticated }
        return switch kind {
        case .transport(.tlsCertificate): .untrustedCertificate
        case .transport(.tlsUnavailable), .transport(.tlsHandshake): .tlsFailed
        case .transport(.proxyFailed): .proxyFailed
        case .transport: .unreachable
        case .timedOut: .timedOut
        case .httpStatus, .redirected, .notJSON, .unexpectedShape, .malformedResponse, .responseTooLarge: .unreadableResponse
        case .cacheMiss: .notCached
        case .graphQLErrors, .partialData, .persistedDocumentNotFound, .persistedQueriesNotSupported: .rejected
        case .cancelled: .cancelled
        }
    }

    /// Whether a cached answer may stand in for this failure: only when the server could not
    /// be reached or did not answer in time. A server that cannot be trusted (certificate or TLS
    /// handshake failure), a proxy that refuses, and any answer the server gave (an HTTP error,
    /// a redirect, a malformed or refused answer) never fall back.
    public var allowsCacheFallback: Bool {
        switch classification() {
        case .unreachable, .timedOut: true
        case .unauthenticated, .untrustedCertificate, .tlsFailed, .proxyFailed, .unreadableResponse, .notCached, .rejected, .cancelled:
            false
        }
    }
}
