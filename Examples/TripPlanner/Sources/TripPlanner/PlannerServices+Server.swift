import Foundation
import GraphQLClient
import GraphQLGateway
import InMemoryAdapters
import NormalizedCache
import SocketTransport

extension PlannerServices {
    /// The GraphQL client (in-memory normalized cache, bearer token from the credential store)
    /// and the gateway over it, for the tutorial server at `endpoint`.
    static func server(at endpoint: URL) -> PlannerServices {
        let credentials = InMemoryCredentialStore()
        let cache = NormalizedCache()
        let authorization = AuthorizationInterceptor(scheme: .raw) { try await credentials.credential()?.token.rawValue }
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: endpoint, session: SocketHTTPSession(), timeout: .seconds(10), cache: cache, authorization: authorization
        ))
        let gateway = GraphQLGateway(client: client, cache: cache)
        return PlannerServices(
            launches: gateway.launches, bookings: gateway.booking, trips: gateway.trips,
            authenticator: gateway.authenticator, credentials: credentials, endpoint: endpoint
        )
    }
}
