/// Whether and how operations are sent as persisted queries (by the SHA-256 of their document).
public enum PersistedQueryMode: String, Sendable, Hashable, CaseIterable {
    /// Every request carries its whole document (the default).
    case off
    /// Automatic persisted queries, as Apollo Server does them: the hash first, the document
    /// only when the server asks for it (`PersistedQueryNotFound`); full documents to a server
    /// that does not support them (`PersistedQueryNotSupported`), remembered for the endpoint.
    case automatic = "auto"
    /// Persisted documents: only the id (the hash) is ever sent, never the document. The server
    /// must know it from the app's persisted query manifest; one it does not know is an error.
    case only
}
