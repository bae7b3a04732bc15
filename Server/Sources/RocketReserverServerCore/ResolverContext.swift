/// Per-request context handed to every resolver: the caller (if any) and the server's data.
struct ResolverContext: Sendable {
    /// The user identified by the request's `Authorization` header; `nil` when anonymous.
    var user: UserRecord?
    /// Catalog and store.
    var data: ServerData
}
