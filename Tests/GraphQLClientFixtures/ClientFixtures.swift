import Foundation
import GraphQLClient
import GraphQLTestDoubles
import Transport
import NormalizedCache
import RocketReserverAPI

/// Builders shared by the client library's tests (GraphQLClient, NormalizedCache, SocketTransport).
public enum ClientFixtures {
    /// The standard chain over a stub, with retries that do not wait.
    public static func client(
        _ session: StubHTTPSession,
        cache: NormalizedCache = NormalizedCache(),
        timeout: Duration = .seconds(30),
        clock: any Clock<Duration> = ContinuousClock(),
        token: (@Sendable () async throws -> String?)? = nil,
        scheme: AuthorizationInterceptor.Scheme = .raw,
        retryDelays: [Duration] = [],
        sleeps: SleepRecorder = SleepRecorder(),
        additional: [any GraphQLInterceptor] = []
    ) -> GraphQLClient {
        GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: endpoint,
            session: session,
            timeout: timeout,
            clock: clock,
            cache: cache,
            authorization: token.map { AuthorizationInterceptor(scheme: scheme, token: $0) },
            retry: RetryInterceptor(delays: retryDelays, sleep: { sleeps.record($0) }),
            additional: additional
        ))
    }

    /// The endpoint the stub sessions stand for (never contacted).
    public static let endpoint = URL(string: "http://127.0.0.1:4000/graphql")!

    /// The tutorial's generated operations (RocketReserverAPI), not copies.
    public static let launchDetails = LaunchDetailsQuery.operation
    public static let bookTrip = BookTripMutation.operation

    public static func detailsBody(id: String = "25", site: String = "CCAFS SLC 40", isBooked: Bool = false) -> String {
        #"""
        {"data":{"launch":{"__typename":"Launch","id":"\#(id)","site":"\#(site)",
        "mission":{"__typename":"Mission","name":"Starlink-3","missionPatch":"https://images.rocketreserver.invalid/large.png"},
        "rocket":{"__typename":"Rocket","id":"falcon9","name":"Falcon 9","type":"FT"},"isBooked":\#(isBooked)}}}
        """#
    }
}
