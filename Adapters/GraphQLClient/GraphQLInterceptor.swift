/// A step of the request chain: it may change the request, answer it itself, or pass it on
/// with `next` and inspect or change what comes back.
///
/// The chain is an array assembled by the caller; the last interceptor must answer without
/// calling `next` (``NetworkFetchInterceptor`` does).
public protocol GraphQLInterceptor: Sendable {
    func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse
}

/// The rest of the chain after an interceptor.
public struct GraphQLInterceptorNext: Sendable {
    private let proceed: @Sendable (GraphQLRequest) async throws -> GraphQLResponse

    public init(_ proceed: @escaping @Sendable (GraphQLRequest) async throws -> GraphQLResponse) {
        self.proceed = proceed
    }

    /// Runs the rest of the chain with `request`.
    public func callAsFunction(_ request: GraphQLRequest) async throws -> GraphQLResponse {
        try await proceed(request)
    }
}
