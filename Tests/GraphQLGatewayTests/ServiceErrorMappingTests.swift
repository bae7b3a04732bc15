import Domain
import GraphQLTestDoubles
import GraphQLGateway
import Ports
import Testing

@Suite(.timeLimit(.minutes(5)))
struct ServiceErrorMappingTests {
    typealias Case = (reply: StubHTTPSession.Reply, kind: ServiceError.Kind)

    static let cases: [Case] = [
        (.failure(.connectionRefused), .unreachable),
        (.failure(.connectionLost), .unreachable),
        (.failure(.hostUnreachable), .unreachable),
        (.failure(.timedOut), .timedOut),
        (StubHTTPSession.json("<html>Internal Server Error</html>", status: 500), .unreadableResponse),
        (StubHTTPSession.json("", status: 502), .unreadableResponse),
        (StubHTTPSession.json("not json"), .unreadableResponse),
        (StubHTTPSession.json(#"{"data":{"launch":"#), .unreadableResponse),
        (StubHTTPSession.json("[]"), .unreadableResponse),
        (StubHTTPSession.json(#"{"data":3}"#), .unreadableResponse),
        (StubHTTPSession.json(#"{"data":{"launch":{"site":"no id"}}}"#), .unreadableResponse),
        (GatewayFixture.graphQLError(#"Variable \"$launchId\" got invalid value"#, code: "BAD_USER_INPUT", status: 400), .rejected),
        (StubHTTPSession.json(#"{"data":{"launch":null},"errors":[{"message":"partly broken"}]}"#), .rejected),
        (StubHTTPSession.json("Unauthorized", status: 401), .unauthenticated),
        (StubHTTPSession.json(#"{"errors":[{"message":"Forbidden"}]}"#, status: 403), .unauthenticated),
        (GatewayFixture.graphQLError("You must be logged in", code: "UNAUTHENTICATED"), .unauthenticated),
        (GatewayFixture.graphQLError("Cannot read properties of null (reading 'id')"), .unauthenticated),
        (GatewayFixture.graphQLError("Cannot read property 'id' of null"), .unauthenticated),
    ]

    @Test(arguments: cases)
    func queriesMapEachFailure(_ example: Case) async throws {
        let gateway = GatewayFixture.gateway(StubHTTPSession([example.reply]))
        let error = await #expect(throws: ServiceError.self) {
            try await gateway.launches.launchDetails(id: LaunchID("25"), freshness: .fromServer)
        }
        #expect(error?.kind == example.kind)
        #expect(error?.operation == "LaunchDetails")
        #expect(error?.detail.contains("\n") == false)
        #expect(error?.detail.isEmpty == false)
        #expect(error.map { "\($0)".contains(GatewayFixture.token) } == false)
    }

    @Test func hostedServersNullUserDefectOnBookingIsUnauthenticated() async throws {
        let session = StubHTTPSession([GatewayFixture.graphQLError("Cannot read properties of null (reading 'id')")])
        let error = await #expect(throws: ServiceError.self) { try await GatewayFixture.gateway(session).booking.bookTrip(LaunchID("25")) }
        #expect(error?.kind == .unauthenticated)
        #expect(error?.operation == "BookTrip")
    }

    @Test func rejectionCarriesTheServersFirstMessage() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"errors":[{"message":"Page size must be at least 1"},{"message":"second"}]}"#, status: 400)])
        let error = await #expect(throws: ServiceError.self) {
            try await GatewayFixture.gateway(session).launches.launchPage(LaunchPageRequest(pageSize: 5))
        }
        #expect(error == ServiceError(.rejected, operation: "LaunchList", detail: "The server rejected the request: Page size must be at least 1"))
    }

    /// The gateway is a data adapter: the server's words pass as it sent them, and only the edge
    /// that prints them makes them safe for a terminal.
    @Test func aRejectionPassesTheServersWordsAsItSentThem() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"errors":[{"message":"bad\u001b[2J\nnews\u202e"}]}"#, status: 400)])
        let error = await #expect(throws: ServiceError.self) {
            try await GatewayFixture.gateway(session).launches.launchPage(LaunchPageRequest(pageSize: 5))
        }
        #expect(error?.detail == "The server rejected the request: bad\u{1B}[2J\nnews\u{202E}")
    }

    @Test func cancellationIsCancelled() async throws {
        let session = StubHTTPSession([.hang])
        let gateway = GatewayFixture.gateway(session)
        let task = Task { try await gateway.trips.currentUser() }
        await session.waitForHang()
        task.cancel()
        guard case .failure(let error as ServiceError) = await task.result else {
            Issue.record("expected a ServiceError")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(error.operation == "MyTrips")
    }

    @Test func timeoutIsTimedOut() async throws {
        let gateway = GatewayFixture.gateway(StubHTTPSession([.hang]), timeout: .milliseconds(50))
        let error = await #expect(throws: ServiceError.self) { try await gateway.trips.currentUser() }
        #expect(error?.kind == .timedOut)
    }
}
