import Domain
import GraphQLClient
import Ports

/// Logs in with the `Login` mutation. The answer, which holds the token, is never cached.
public struct GraphQLAuthenticator: Authenticator {
    private let client: GraphQLClient

    public init(client: GraphQLClient) {
        self.client = client
    }

    public func logIn(email: EmailAddress) async throws -> AuthToken? {
        let operation = TutorialOperations.login
        return try await gatewayCall(operation) {
            let request = GraphQLRequest(operation: operation, variables: ["email": .string(email.rawValue)], cachePolicy: .noCache)
            let result = try await client.send(request)
            guard let token = result.data["login"]?["token"]?.stringValue, !token.isEmpty else { return nil }
            return AuthToken(token)
        }
    }
}
