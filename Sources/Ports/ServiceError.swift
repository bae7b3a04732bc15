/// A failure talking to the server, with the operation it happened in.
///
/// Adapters map their own failures onto these kinds; the CLI turns each kind into an exit code.
public struct ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in terms the user can act on.
    public enum Kind: Sendable, Hashable {
        /// The server could not be reached, or closed the connection without answering.
        case unreachable
        /// The server could not prove who it is (its TLS certificate failed verification).
        case untrustedCertificate
        /// No secure connection could be set up: TLS is unavailable here, or the server did not
        /// complete a TLS handshake.
        case tlsFailed
        /// The proxy could not be reached or refused to open the tunnel: nothing reached the server.
        case proxyFailed
        /// The server did not answer in time.
        case timedOut
        /// The server answered something that is not a GraphQL answer of the expected shape.
        case unreadableResponse
        /// The server understood the request and answered with errors.
        case rejected
        /// The server did not accept the credential: the user must log in again.
        case unauthenticated
        /// The operation was cancelled (for example by Ctrl-C).
        case cancelled
        /// The answer was asked of the cache only (offline), and the cache does not hold it.
        case notCached
    }

    public var kind: Kind
    /// The GraphQL operation's name, for example `"LaunchDetails"`.
    public var operation: String
    /// One plain sentence about the cause, without any credential in it. It may quote the
    /// server's words as it sent them (not made safe for a terminal):
    /// whoever shows it sanitises it.
    public var detail: String
    /// Whether the request may have reached the server although no usable answer came back:
    /// for a change (booking, cancelling) the server may or may not have made it, and the
    /// adapter has dropped what it had cached about it.
    public var outcomeIsUnknown: Bool

    public init(_ kind: Kind, operation: String, detail: String, outcomeIsUnknown: Bool = false) {
        self.kind = kind
        self.operation = operation
        self.detail = detail
        self.outcomeIsUnknown = outcomeIsUnknown
    }

    public var description: String { "\(operation): \(detail)" }
}
