import Foundation
import GraphQLClient
import GraphQLTestDoubles
import HTTPSeam
import NormalizedCache
import RocketReserverAPI

/// Builders shared by the client tests.
enum TestSupport {
    /// The standard chain over a stub, with retries that do not wait.
    static func client(
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

    static let endpoint = URL(string: "http://127.0.0.1:4000/graphql")!

    /// The transport failure `session` reports for `request`; `nil` when it answers.
    static func transportFailure(_ session: any HTTPSession, _ request: HTTPRequest) async -> HTTPTransportError.Kind? {
        do {
            _ = try await session.send(request)
            return nil
        } catch let error as HTTPTransportError {
            return error.kind
        } catch {
            return .other(code: 0)
        }
    }


    /// The tutorial's generated operations (RocketReserverAPI), not copies.
    static let launchDetails = LaunchDetailsQuery.operation
    static let bookTrip = BookTripMutation.operation

    static func detailsBody(id: String = "25", site: String = "CCAFS SLC 40", isBooked: Bool = false) -> String {
        #"""
        {"data":{"launch":{"__typename":"Launch","id":"\#(id)","site":"\#(site)",
        "mission":{"__typename":"Mission","name":"Starlink-3","missionPatch":"https://example.com/large.png"},
        "rocket":{"__typename":"Rocket","id":"falcon9","name":"Falcon 9","type":"FT"},"isBooked":\#(isBooked)}}}
        """#
    }

    static func temporaryFolder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gql-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
