import Domain
import GraphQLTestDoubles
import GraphQLGateway
import JSON
import Ports
import Testing

@Suite(.timeLimit(.minutes(5)))
struct TripBookingTests {
    private let id = LaunchID(trusted: "25")

    @Test func bookingUpdatesCachedDetailsWithoutAnotherRequest() async throws {
        let session = StubHTTPSession([
            GatewayFixture.details(isBooked: false),
            GatewayFixture.tripUpdate("bookTrips", message: "trips booked successfully", isBooked: true),
        ])
        let gateway = GatewayFixture.gateway(session)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        let update = try await gateway.booking.bookTrip(id)
        #expect(update.success)
        #expect(update.message == "trips booked successfully")
        #expect(update.launch?.isBooked == true)
        #expect(update.launch?.rocket?.name == "Falcon 9")
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == true)
        #expect(session.requestCount == 2)
        let body = try JSONParser.parse(try #require(session.requests.last?.httpBody))
        #expect(body["operationName"] == "BookTrip")
        #expect(body["variables"] == ["id": "25"])
        #expect(body["query"]?.stringValue?.contains("bookTrips(launchIds: [$id])") == true)
    }

    @Test func cancellingLeavesTheCacheNotBookedEvenWhenTheAnswerIsStale() async throws {
        let session = StubHTTPSession([
            GatewayFixture.details(isBooked: true),
            GatewayFixture.tripUpdate("cancelTrip", message: "trip cancelled", isBooked: true),
        ])
        let gateway = GatewayFixture.gateway(session)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        let update = try await gateway.booking.cancelTrip(id)
        #expect(update.success)
        #expect(update.launch?.isBooked == false)
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == false)
        #expect(session.requestCount == 2)
        let body = try JSONParser.parse(try #require(session.requests.last?.httpBody))
        #expect(body["variables"] == ["launchId": "25"])
    }

    @Test func theUpdateShowsTheAnswersLaunchWhateverIsCached() async throws {
        let empty = StubHTTPSession([GatewayFixture.tripUpdate("bookTrips", message: "trips booked successfully", isBooked: true)])
        let uncached = try await GatewayFixture.gateway(empty).booking.bookTrip(id)
        #expect(uncached.launch?.rocket?.name == "Falcon 9")
        #expect(uncached.launch?.launch.mission?.missionPatch == "https://images.rocketreserver.invalid/large.png")
        #expect(uncached.launch?.isBooked == true)

        let warm = StubHTTPSession([
            GatewayFixture.details(isBooked: false),
            GatewayFixture.tripUpdate("bookTrips", message: "trips booked successfully", isBooked: true),
        ])
        let gateway = GatewayFixture.gateway(warm)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        #expect(try await gateway.booking.bookTrip(id) == uncached)
        let query = try JSONParser.parse(try #require(empty.requests.first?.httpBody))["query"]?.stringValue ?? ""
        #expect(query.contains("launches { __typename id site mission"))
    }

    @Test func anAnswerWithoutTheLaunchHasNoLaunchEvenWhenItIsCached() async throws {
        let session = StubHTTPSession([
            GatewayFixture.details(isBooked: false),
            GatewayFixture.tripUpdate("bookTrips", message: "trips booked successfully", isBooked: nil),
        ])
        let gateway = GatewayFixture.gateway(session)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        let update = try await gateway.booking.bookTrip(id)
        #expect(update == TripUpdate(launchID: id, success: true, message: "trips booked successfully", launch: nil))
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == true)
    }

    @Test func aRefusedChangeKeepsTheCachedState() async throws {
        let session = StubHTTPSession([
            GatewayFixture.details(isBooked: false),
            GatewayFixture.tripUpdate("cancelTrip", success: false, message: "failed to cancel trip", isBooked: nil),
        ])
        let gateway = GatewayFixture.gateway(session)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        let update = try await gateway.booking.cancelTrip(id)
        #expect(!update.success)
        #expect(update.message == "failed to cancel trip")
        #expect(update.launch == nil)
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == false)
        #expect(session.requestCount == 2)
    }

    @Test(arguments: [
        StubHTTPSession.Reply.failure(.connectionLost),
        .failure(.timedOut),
        StubHTTPSession.json("<html>Bad Gateway</html>", status: 502),
        StubHTTPSession.json(#"{"data":{"bookTrips":{"message":"no flag"}}}"#),
    ])
    func anUnknownOutcomeDropsTheCachedState(_ reply: StubHTTPSession.Reply) async throws {
        let session = StubHTTPSession([GatewayFixture.details(isBooked: false), reply, GatewayFixture.details(isBooked: true)])
        let gateway = GatewayFixture.gateway(session)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        await #expect(throws: ServiceError.self) { try await gateway.booking.bookTrip(id) }
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == true)
        #expect(session.requestCount == 3, "the details must come from the server again")
    }

    @Test func aKnownFailureKeepsTheCachedState() async throws {
        let session = StubHTTPSession([GatewayFixture.details(isBooked: false), .failure(.connectionRefused)])
        let gateway = GatewayFixture.gateway(session)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        await #expect(throws: ServiceError.self) { try await gateway.booking.bookTrip(id) }
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == false)
        #expect(session.requestCount == 2)
    }
}
