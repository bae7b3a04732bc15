/// Adds the `Authorization` header when a token is available; sends no header otherwise.
///
/// The token comes from a closure, so this interceptor never knows where tokens are stored.
public struct AuthorizationInterceptor: GraphQLInterceptor {
    /// How the token is written in the header.
    public enum Scheme: Sendable, Hashable {
        /// The token as it is (what the tutorial server expects).
        case raw
        /// `Bearer <token>`.
        case bearer
    }

    private let scheme: Scheme
    private let token: @Sendable () async throws -> String?

    public init(scheme: Scheme = .raw, token: @escaping @Sendable () async throws -> String?) {
        self.scheme = scheme
        self.token = token
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        var request = request
        if let token = try await token(), !token.isEmpty {
            request.headers["Authorization"] = switch scheme {
            case .raw: token
            case .bearer: "Bearer " + token
            }
        }
        return try await next(request)
    }
}
