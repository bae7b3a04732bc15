import Domain
import GraphQLClient
import Ports
import RocketReserverAPI

/// Logs in with the generated `LoginMutation`. The answer, which holds the token, is never cached.
public struct GraphQLAuthenticator: Authenticator {
    private let client: GraphQLClient

    public init(client: GraphQLClient) {
        self.client = client
    }

    public func logIn(email: EmailAddress) async throws -> AuthToken? {
        try await gatewayCall(LoginMutation.operationName) {
            try await client.run(LoginMutation(email: email.rawValue), cachePolicy: .noCache) { data in
                guard let token = data.login?.token, !token.isEmpty else { return nil }
                return AuthToken(token)
            }
        }
    }
}
