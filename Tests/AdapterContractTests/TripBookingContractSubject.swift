import Domain
import Foundation
import GraphQLClient
import GraphQLGateway
import InMemoryAdapters
import NormalizedCache
import Ports
import SocketTransport
import Testing
import TestSupport

/// One ``TripBookingService`` adapter the booking contract runs against, with its
/// authenticator and credential store; the GraphQL gateway's over a reference server of its own.
struct TripBookingContractSubject: Sendable, CustomTestStringConvertible {
    /// The adapter under test and what its test needs around it.
    struct Setup: Sendable {
        let booking: any TripBookingService
        /// Logs `email` in and saves the credential where the booking service reads it.
        let logIn: @Sendable (String) async throws -> Void
        /// Stops what the setup started (the server).
        let stop: @Sendable () -> Void
    }

    let name: String
    let make: @Sendable () async throws -> Setup

    var testDescription: String { name }

    /// A launch both servers know, and one neither does.
    static let knownLaunch = LaunchID(trusted: "3")
    static let unknownLaunch = LaunchID(trusted: "99999")

    /// Every adapter of the port: the in-memory one always, the GraphQL gateway when the
    /// reference server is built.
    static var all: [Self] {
        [inMemory] + (ReferenceServer.isAvailable ? [graphQL] : [])
    }

    static let inMemory = Self(name: "InMemoryGateway") {
        let credentials = InMemoryCredentialStore()
        let gateway = InMemoryGateway(server: InMemoryTutorialServer(launches: SampleLaunches.make()), credentials: credentials)
        return Setup(booking: gateway, logIn: { try await logIn($0, with: gateway, into: credentials) }, stop: {})
    }

    static let graphQL = Self(name: "GraphQLGateway (reference server)") {
        let server = try await ReferenceServer()
        let credentials = InMemoryCredentialStore()
        let cache = NormalizedCache()
        let token = TokenSource { try await credentials.credential()?.token.rawValue }
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: try #require(URL(string: server.endpoint)), session: SocketHTTPSession(), cache: cache, authorization: AuthorizationInterceptor(token)
        ))
        let gateway = GraphQLGateway(client: client, cache: cache)
        return Setup(
            booking: gateway.booking, logIn: { try await logIn($0, with: gateway.authenticator, into: credentials) },
            stop: { server.stop() }
        )
    }

    private static func logIn(_ email: String, with authenticator: any Authenticator, into credentials: InMemoryCredentialStore) async throws {
        let address = try EmailAddress(email)
        let token = try #require(try await authenticator.logIn(email: address))
        try await credentials.save(Credential(email: address, token: token))
    }
}
