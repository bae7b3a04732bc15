import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import Testing
import TestSupport

/// Each way an answer can go wrong maps to its typed error.
@Suite(.timeLimit(.minutes(5)))
struct ClientErrorTests {
    private func failure(_ replies: [StubHTTPSession.Reply], timeout: Duration = .seconds(30)) async -> GraphQLClientError? {
        let client = ClientFixtures.client(StubHTTPSession(replies), timeout: timeout)
        return await #expect(throws: GraphQLClientError.self) {
            try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
        }
    }

    @Test func connectionRefusedIsTransport() async {
        let error = await failure([.failure(.connectionRefused)])
        #expect(error?.kind == .transport(.connectionRefused))
        #expect(error?.operationName == "LaunchDetails")
        #expect(error?.statusCode == nil)
    }

    @Test func connectionResetIsConnectionLost() async {
        let error = await failure([.failure(.connectionLost)])
        #expect(error?.kind == .transport(.connectionLost))
        #expect(error?.outcomeIsUnknown == true)
    }

    @Test func unresolvableHostIsTransport() async {
        #expect(await failure([.failure(.hostUnreachable)])?.kind == .transport(.hostUnreachable))
    }

    /// The stub never answers: a timeout that never fired would hang until the test's time limit.
    @Test(.timeLimit(.minutes(1)))
    func noAnswerWithinTheTimeoutIsTimedOut() async {
        #expect(await failure([.hang], timeout: .milliseconds(50))?.kind == .timedOut)
    }

    /// The timeout runs on the clock the chain was given: one whose sleeps end at once times
    /// out a silent server although the limit is an hour.
    @Test func theTimeoutIsMeasuredOnTheGivenClock() async {
        let client = ClientFixtures.client(StubHTTPSession([.hang]), timeout: .seconds(3_600), clock: ExpiredClock())
        let error = await #expect(throws: GraphQLClientError.self) {
            try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
        }
        #expect(error?.kind == .timedOut)
    }

    @Test func sessionTimeoutIsTimedOut() async {
        #expect(await failure([.failure(.timedOut)])?.kind == .timedOut)
    }

    @Test func htmlErrorPageIsHTTPStatus() async {
        let error = await failure([StubHTTPSession.json("<html><body>Internal Server Error</body></html>", status: 500)])
        #expect(error?.kind == .httpStatus(500))
        #expect(error?.statusCode == 500)
    }

    @Test func emptyBadGatewayIsHTTPStatus() async {
        #expect(await failure([StubHTTPSession.json("", status: 502)])?.kind == .httpStatus(502))
    }

    @Test func unauthorizedWithoutGraphQLBodyKeepsStatus() async {
        #expect(await failure([StubHTTPSession.json("Unauthorized", status: 401)])?.kind == .httpStatus(401))
    }

    @Test func errorStatusWithGraphQLBodyKeepsErrorsAndStatus() async {
        let body = #"{"errors":[{"message":"Syntax Error","extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}"#
        let error = await failure([StubHTTPSession.json(body, status: 400)])
        #expect(error?.kind == .graphQLErrors([GraphQLError(message: "Syntax Error", code: "GRAPHQL_PARSE_FAILED")]))
        #expect(error?.statusCode == 400)
    }

    @Test(arguments: ["not json", #"{"data":{"launch":"#, "<html></html>", ""])
    func bodyThatIsNotJSON(_ body: String) async {
        #expect(await failure([StubHTTPSession.json(body)])?.kind == .notJSON)
    }

    @Test(arguments: ["[]", #"{"data":3}"#, "{}", #"{"data":null}"#, #"{"data":{},"errors":{}}"#, "42"])
    func jsonOfTheWrongShape(_ body: String) async {
        guard case .unexpectedShape? = await failure([StubHTTPSession.json(body)])?.kind else {
            Issue.record("expected unexpectedShape for \(body)")
            return
        }
    }

    @Test func nullDataWithErrorsIsGraphQLErrors() async {
        let body = #"{"data":null,"errors":[{"message":"Cannot read properties of null (reading 'id')","path":["bookTrips",0],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#
        let error = await failure([StubHTTPSession.json(body)])
        #expect(error?.kind == .graphQLErrors([
            GraphQLError(message: "Cannot read properties of null (reading 'id')", path: ["bookTrips", "0"], code: "INTERNAL_SERVER_ERROR"),
        ]))
    }

    @Test func dataWithErrorsIsPartialData() async {
        let body = #"{"data":{"launch":{"id":"25"}},"errors":[{"message":"rocket failed","path":["launch","rocket"]}]}"#
        let error = await failure([StubHTTPSession.json(body)])
        #expect(error?.kind == .partialData(data: ["launch": ["id": "25"]], errors: [GraphQLError(message: "rocket failed", path: ["launch", "rocket"])]))
    }

    @Test func toleratesErrorsWithMissingOrOddFields() async {
        let body = #"{"errors":[{}, 3, {"message": 5, "path": [1, "x", null], "extensions": "no"}]}"#
        let error = await failure([StubHTTPSession.json(body)])
        #expect(error?.graphQLErrors == [
            GraphQLError(message: "(no message)"), GraphQLError(message: "(no message)"),
            GraphQLError(message: "(no message)", path: ["1", "x"]),
        ])
    }

    @Test func parsesAHugeBody() async throws {
        let padding = String(repeating: "x", count: 1_000)
        var text = #"{"data":{"launch":{"__typename":"Launch","id":"25","site":"#
        text += "\"" + String(repeating: padding, count: 20_000) + "\""
        text += #","mission":null,"rocket":null,"isBooked":false}}}"#
        let client = ClientFixtures.client(StubHTTPSession([StubHTTPSession.json(text)]))
        let result = try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
        #expect(result.data["launch"]?["site"]?.stringValue?.utf8.count == 20_000_000)
    }

    @Test func descriptionsNeverContainTheToken() async {
        let token = "tok-very-secret-123"
        for reply in [StubHTTPSession.json("oops", status: 500), .failure(.connectionRefused), StubHTTPSession.json(#"{"errors":[{"message":"no"}]}"#)] {
            let client = ClientFixtures.client(StubHTTPSession([reply]), token: { token })
            do {
                _ = try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
                Issue.record("expected a failure")
            } catch {
                #expect(!"\(error)".contains(token))
                #expect(!String(reflecting: error).contains(token))
            }
        }
        let request = GraphQLRequest(operation: ClientFixtures.launchDetails, headers: ["Authorization": token])
        #expect(!"\(request)".contains(token))
    }

    @Test func decoderEntryPointNeverTrapsOnRandomBytes() {
        var generator = SplitMix64(state: 11)
        for length in 0..<2_000 {
            let bytes = (0..<(length % 64)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? GraphQLResponseDecoder.decode(Data(bytes))
        }
        #expect(throws: GraphQLResponseDecoder.Failure.self) { try GraphQLResponseDecoder.decode(Data("{}".utf8)) }
    }
}

/// A clock on which every sleep ends at once: all time has already passed.
private struct ExpiredClock: Clock {
    var now: ContinuousClock.Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {}
}
