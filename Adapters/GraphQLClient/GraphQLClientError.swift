import Transport
import JSON

/// Why an operation failed, with the operation's name and the HTTP status when there was one.
///
/// Descriptions never include header values, so a credential cannot leak through them.
public struct GraphQLClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The request could not be delivered, or the connection closed without an answer.
        case transport(TransportFailure)
        /// No answer within the request's timeout.
        case timedOut
        /// An HTTP error status whose body is not a GraphQL response.
        case httpStatus(Int)
        /// The server answered with a redirect (3xx), which is never followed; `location` is the
        /// target's origin only (`scheme://host:port`).
        case redirected(status: Int, location: String?)
        /// The server answered, but its HTTP framing could not be read (see
        /// ``HTTPTransportError/Kind/malformedResponse(_:)``).
        case malformedResponse(String)
        /// The answer's body is larger than the session's limit, in bytes.
        case responseTooLarge(limit: Int)
        /// The body is not JSON (for example HTML, plain text, empty or truncated).
        case notJSON
        /// The body is JSON but not a GraphQL response of the expected shape.
        case unexpectedShape(String)
        /// The server answered `errors` and no `data`.
        case graphQLErrors([GraphQLError])
        /// The server answered `data` and `errors` together; the data is kept here.
        case partialData(data: [String: JSONValue], errors: [GraphQLError])
        /// The task was cancelled.
        case cancelled
        /// A ``CachePolicy/cacheOnly`` read found the cache lacking a selected field.
        case cacheMiss
        /// Only persisted documents are sent, and the server does not know this one's `id`
        /// (the SHA-256 of its document): it was not given the manifest that lists it.
        case persistedDocumentNotFound(id: String)
        /// Only persisted documents are sent, and the server does not support persisted queries.
        case persistedQueriesNotSupported
    }

    /// How a request failed to reach the server or to come back.
    public enum TransportFailure: Sendable, Hashable {
        /// Nothing listens at the address (connection refused): the request was not sent.
        case connectionRefused
        /// The host name could not be resolved, or no network is available: nothing was sent.
        case hostUnreachable
        /// The connection closed or was reset before a whole answer came back.
        case connectionLost
        /// TLS is not available (`libssl.so.3` missing) or the extra CA file is unusable: nothing was sent.
        case tlsUnavailable(reason: String)
        /// The server's certificate failed verification: nothing was sent.
        case tlsCertificate(reason: String)
        /// The TLS handshake failed (for example a plain-http server): nothing was sent.
        case tlsHandshake(reason: String)
        /// The proxy could not be reached or refused the tunnel: nothing was sent to the server.
        case proxyFailed(proxy: String, reason: String)
        /// The endpoint's URL is not one the session can send to: nothing was sent.
        case unsupportedURL
        /// A system call on the connection failed with this `errno`.
        case system(errno: Int32)
        /// Another failure, with the session's code (a `URLError` code for `URLSession`).
        case other(code: Int)
    }

    public var operationName: String
    public var kind: Kind
    /// The HTTP status of the answer, when one came back.
    public var statusCode: Int?
    /// Whether the session proved that no byte of the request left (see `HTTPSendWitness`):
    /// cancelled or timed out while connecting, for example. The outcome is then known.
    public var requestWasNotSent: Bool

    public init(operationName: String, kind: Kind, statusCode: Int? = nil, requestWasNotSent: Bool = false) {
        self.operationName = operationName
        self.kind = kind
        self.statusCode = statusCode
        self.requestWasNotSent = requestWasNotSent
    }

    /// The server's errors, for ``Kind/graphQLErrors(_:)`` and ``Kind/partialData(data:errors:)``.
    public var graphQLErrors: [GraphQLError] {
        switch kind {
        case .graphQLErrors(let errors), .partialData(_, let errors): errors
        default: []
        }
    }

    /// Whether retrying a query may help: connection refused or reset, HTTP 502, 503 or 504.
    public var isTransient: Bool {
        switch kind {
        case .transport(.connectionRefused), .transport(.connectionLost): true
        case .httpStatus(let status): [502, 503, 504].contains(status)
        default: [502, 503, 504].contains(statusCode ?? 0)
        }
    }

    /// Whether the server may have processed the request although no usable answer came back
    /// (so a mutation's outcome is unknown).
    public var outcomeIsUnknown: Bool {
        if requestWasNotSent { return false }
        return switch kind {
        case .transport(.connectionRefused), .transport(.hostUnreachable), .graphQLErrors, .cacheMiss: false
        case .persistedDocumentNotFound, .persistedQueriesNotSupported: false
        case .transport(.tlsUnavailable), .transport(.tlsCertificate), .transport(.tlsHandshake), .transport(.proxyFailed): false
        // A 4xx status refuses the request (401/403: the credential); a 5xx may come after the work was done.
        case .httpStatus(let status): !(400..<500).contains(status)
        case .transport(.unsupportedURL): false
        case .transport(.connectionLost), .transport(.system), .transport(.other), .timedOut, .notJSON, .redirected, .malformedResponse, .responseTooLarge,
             .unexpectedShape, .partialData, .cancelled: true
        }
    }

    public var description: String { "\(operationName): \(summary)" }

    /// One plain sentence about the failure.
    public var summary: String {
        switch kind {
        case .transport(.connectionRefused): "The server refused the connection."
        case .transport(.hostUnreachable): "The server's host could not be reached."
        case .transport(.connectionLost): "The connection closed before the server answered."
        case .transport(.unsupportedURL): "The endpoint's URL cannot be used: only http and https URLs with a host are."
        case .transport(.system(let errno)): "The connection failed: \(HTTPTransportError.systemErrorText(errno))."
        case .transport(.other(let code)): "The request failed (URL error \(code))."
        case .transport(.tlsUnavailable(let reason)): "HTTPS is not available: \(reason)."
        case .transport(.tlsCertificate(let reason)): "\(Self.capitalised(reason))."
        case .transport(.tlsHandshake(let reason)):
            "The server did not complete a TLS handshake (\(reason)); it may not speak https at this address."
        case .transport(.proxyFailed(let proxy, let reason)): "The proxy \(proxy) failed: \(reason)."
        case .redirected(let status, let location):
            "The server answered HTTP \(status), a redirect\(location.map { " to \($0)" } ?? ""), which is not followed."
        case .timedOut: "The server did not answer in time."
        case .httpStatus(let status): "The server answered HTTP \(status) without a GraphQL response."
        case .notJSON: "The server's answer is not JSON."
        case .malformedResponse(let reason): "The server's answer is not valid HTTP: \(reason)."
        case .responseTooLarge(let limit): "The server's answer is larger than the limit of \(Self.size(limit))."
        case .unexpectedShape(let reason): "The server's answer is not a GraphQL response: \(reason)."
        case .graphQLErrors(let errors): "The server answered with errors: \(Self.messages(errors))."
        case .partialData(_, let errors): "The server answered with partial data and errors: \(Self.messages(errors))."
        case .cancelled: "The request was cancelled."
        case .cacheMiss: "The cache does not hold the answer."
        case .persistedDocumentNotFound(let id):
            "The server does not know the persisted document \(id.prefix(12))…; give the server the persisted query manifest that lists it (only ids are sent in this mode, never documents)."
        case .persistedQueriesNotSupported:
            "The server does not support persisted queries, and only persisted document ids are sent in this mode."
        }
    }

    private static func capitalised(_ text: String) -> String {
        (text.first?.uppercased() ?? "") + text.dropFirst()
    }

    /// A byte count as people write it: `64 MiB`, `1 KiB`, else `1000 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    private static func messages(_ errors: [GraphQLError]) -> String {
        errors.prefix(3).map(\.message).joined(separator: "; ")
    }
}
