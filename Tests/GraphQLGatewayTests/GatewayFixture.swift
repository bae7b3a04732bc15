import Foundation
import GraphQLClient
import GraphQLTestDoubles
import GraphQLGateway
import NormalizedCache

/// A gateway over a stubbed session, and tutorial-shaped answers.
enum GatewayFixture {
    static let token = "tok-secret-abc"

    static func gateway(
        _ session: StubHTTPSession,
        cache: NormalizedCache = NormalizedCache(),
        timeout: Duration = .seconds(30)
    ) -> GraphQLGateway {
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: URL(string: "http://127.0.0.1:4000/graphql")!,
            session: session,
            timeout: timeout,
            cache: cache,
            authorization: AuthorizationInterceptor { token },
            retry: RetryInterceptor(delays: [])
        ))
        return GraphQLGateway(client: client, cache: cache)
    }

    static func details(id: String = "25", isBooked: Bool = false) -> StubHTTPSession.Reply {
        StubHTTPSession.json(#"{"data":{"launch":"# + launchDetails(id: id, isBooked: isBooked) + "}}")
    }

    static let launchList = StubHTTPSession.json(#"""
    {"data":{"launches":{"__typename":"LaunchConnection","cursor":"1583556631","hasMore":true,"launches":[
    {"__typename":"Launch","id":"25","site":"KSC LC 39A","mission":{"__typename":"Mission","name":"Starlink-3","missionPatch":"https://images.rocketreserver.invalid/small.png"}},
    null,
    {"__typename":"Launch","id":"24","site":null,"mission":null}]}}}
    """#)

    /// A `bookTrips`/`cancelTrip` answer whose launch 25 has `isBooked`, or `[null]` for `nil`.
    static func tripUpdate(_ field: String, success: Bool = true, message: String, isBooked: Bool?) -> StubHTTPSession.Reply {
        let launches = isBooked.map { "[" + launchDetails(id: "25", isBooked: $0) + "]" } ?? "[null]"
        return StubHTTPSession.json(#"{"data":{"\#(field)":{"__typename":"TripUpdateResponse","success":\#(success),"message":"\#(message)","launches":\#(launches)}}}"#)
    }

    /// Launch `id` with every field `LaunchDetailsFields` selects.
    static func launchDetails(id: String, isBooked: Bool) -> String {
        #"""
        {"__typename":"Launch","id":"\#(id)","site":"KSC LC 39A",
        "mission":{"__typename":"Mission","name":"Starlink-3","missionPatch":"https://images.rocketreserver.invalid/large.png"},
        "rocket":{"__typename":"Rocket","id":"falcon9","name":"Falcon 9","type":"FT"},"isBooked":\#(isBooked)}
        """#
    }

    static let myTrips = StubHTTPSession.json(#"""
    {"data":{"me":{"__typename":"User","email":"me@example.com","trips":[
    {"__typename":"Launch","id":"25","site":"KSC LC 39A","mission":{"__typename":"Mission","name":"Starlink-3","missionPatch":null}},
    null]}}}
    """#)

    static func graphQLError(_ message: String, code: String = "INTERNAL_SERVER_ERROR", status: Int = 200) -> StubHTTPSession.Reply {
        StubHTTPSession.json(#"{"data":null,"errors":[{"message":"\#(message)","extensions":{"code":"\#(code)"}}]}"#, status: status)
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("gql-gateway-tests-\(UUID().uuidString)")
    }
}
