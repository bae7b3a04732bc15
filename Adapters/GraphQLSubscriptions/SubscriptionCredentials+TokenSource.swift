import GraphQLClient

extension SubscriptionCredentials {
    /// The same token and scheme as the HTTP chain's `AuthorizationInterceptor(source)`.
    public init(_ source: TokenSource, allowsPlainTextToAnyHost: Bool = false) {
        self.init(scheme: source.scheme, allowsPlainTextToAnyHost: allowsPlainTextToAnyHost, token: source.token)
    }
}
