import Domain
import GraphQLTestDoubles
import GraphQLGateway
import Ports
import Testing

/// A booking cancelled (by a signal, in the CLI) while it waits for its answer has an unknown
/// outcome: the cached `isBooked` is dropped and the error says so. Cancelled before the
/// request, nothing is sent and nothing changes.
@Suite(.timeLimit(.minutes(5)))
struct TripBookingCancellationTests {
    private let id = LaunchID(trusted: "25")

    @Test(arguments: [true, false])
    func cancelledWhileWaitingDropsTheCachedStateAndSaysTheOutcomeIsUnknown(_ booking: Bool) async throws {
        let session = StubHTTPSession([GatewayFixture.details(isBooked: false), .hang, GatewayFixture.details(isBooked: true)])
        let gateway = GatewayFixture.gateway(session)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        let id = self.id
        let change = Task { booking ? try await gateway.booking.bookTrip(id) : try await gateway.booking.cancelTrip(id) }
        await session.waitForHang()
        change.cancel()
        do {
            _ = try await change.value
            Issue.record("the change succeeded")
        } catch let error as ServiceError {
            #expect(error.kind == .cancelled)
            #expect(error.outcomeIsUnknown)
        }
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == true)
        #expect(session.requestCount == 3, "the details must come from the server again")
    }

    @Test func cancelledBeforeTheRequestNothingIsSentOrChanged() async throws {
        let session = StubHTTPSession([GatewayFixture.details(isBooked: false), .hang])
        let gateway = GatewayFixture.gateway(session)
        _ = try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)
        let id = self.id
        let change = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await gateway.booking.bookTrip(id)
        }
        await #expect(throws: CancellationError.self) { try await change.value }
        #expect(session.requestCount == 1, "the booking was sent")
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == false)
    }

    @Test func aKnownOutcomeIsNotUnknown() async throws {
        let session = StubHTTPSession([.failure(.connectionRefused)])
        do {
            _ = try await GatewayFixture.gateway(session).booking.bookTrip(id)
            Issue.record("the booking succeeded")
        } catch let error as ServiceError {
            #expect(!error.outcomeIsUnknown)
        }
        let timedOut = StubHTTPSession([.failure(.timedOut)])
        do {
            _ = try await GatewayFixture.gateway(timedOut).booking.bookTrip(id)
            Issue.record("the booking succeeded")
        } catch let error as ServiceError {
            #expect(error.kind == .timedOut && error.outcomeIsUnknown)
        }
    }
}

/// A booking's answer may hold only the launch it was about: another launch in it would write
/// that launch's cached record (its `isBooked` among others).
@Suite(.timeLimit(.minutes(5)))
struct TripAnswerScopeTests {
    @Test(arguments: [["24"], ["25", "24"], ["24", "25"]])
    func anAnswerAboutAnotherLaunchIsNotUnderstoodAndNotCached(_ ids: [String]) async throws {
        let launches = "[" + ids.map { GatewayFixture.launchDetails(id: $0, isBooked: true) }.joined(separator: ",") + "]"
        let answer = StubHTTPSession.json(#"{"data":{"bookTrips":{"__typename":"TripUpdateResponse","success":true,"message":"ok","launches":\#(launches)}}}"#)
        let session = StubHTTPSession([GatewayFixture.details(id: "24", isBooked: false), answer])
        let gateway = GatewayFixture.gateway(session)
        let other = LaunchID(trusted: "24")
        _ = try await gateway.launches.launchDetails(id: other, freshness: .cachedIfAvailable)
        do {
            _ = try await gateway.booking.bookTrip(LaunchID(trusted: "25"))
            Issue.record("\(ids): accepted")
        } catch let error as ServiceError {
            #expect(error.kind == .unreadableResponse, "\(ids): \(error)")
            #expect(error.outcomeIsUnknown)
        }
        #expect(try await gateway.launches.launchDetails(id: other, freshness: .cachedOnly)?.isBooked == false, "\(ids)")
    }
}
