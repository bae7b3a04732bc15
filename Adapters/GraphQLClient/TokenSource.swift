/// Where a client's token comes from: one closure and how the token is written, given once and
/// shared by the HTTP ``AuthorizationInterceptor`` and the subscription client's credentials
/// (`SubscriptionCredentials(_:)`, module GraphQLSubscriptions).
///
/// The closure is asked for each request (and each WebSocket `connection_init`), so a token
/// saved after a login is used from the next request on; `nil` or an empty token sends none.
public struct TokenSource: Sendable {
    public var scheme: AuthorizationInterceptor.Scheme
    public var token: @Sendable () async throws -> String?

    public init(scheme: AuthorizationInterceptor.Scheme = .raw, token: @escaping @Sendable () async throws -> String?) {
        self.scheme = scheme
        self.token = token
    }
}

extension AuthorizationInterceptor {
    /// Adds the `Authorization` header from `source`.
    public init(_ source: TokenSource) {
        self.init(scheme: source.scheme, token: source.token)
    }
}
