/// How one request goes on the wire: whether it carries the document, a persisted query's hash,
/// and whether it may be a `GET`.
///
/// ``PersistedQueryInterceptor`` sets it; ``NetworkFetchInterceptor`` follows it. The default
/// is what a plain client sends: the whole document, no extension.
public struct GraphQLTransmission: Sendable, Hashable {
    /// Whether `query` (the document's text) is sent.
    public var sendsDocument: Bool
    /// The SHA-256 of the document (hex), sent as `extensions.persistedQuery.sha256Hash`; `nil` sends no extension.
    public var persistedQueryHash: String?
    /// Whether a query may go as `GET` when the fetch interceptor is set to use it (a retry
    /// that carries a long document does not).
    public var allowsGET: Bool

    public init(sendsDocument: Bool = true, persistedQueryHash: String? = nil, allowsGET: Bool = true) {
        self.sendsDocument = sendsDocument
        self.persistedQueryHash = persistedQueryHash
        self.allowsGET = allowsGET
    }
}
