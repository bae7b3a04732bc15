import Foundation
import GraphQLClient
import GraphQLOperationSupport
import GraphQLTestDoubles
import JSON
import NormalizedCache
import RocketReserverAPI
import Testing

/// Generated operations run through the client's real chain and normalized cache.
@Suite(.timeLimit(.minutes(5)))
struct ClientRunTests {
    static func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: Fixture.folder.appendingPathComponent(name + ".json"), encoding: .utf8)
    }

    static func client(_ session: StubHTTPSession, cache: NormalizedCache) -> GraphQLClient {
        GraphQLClient(
            interceptors: GraphQLInterceptors.standard(
                endpoint: URL(string: "http://127.0.0.1:9/graphql")!, session: session, cache: cache
            )
        )
    }

    @Test func aSecondRunIsAnsweredFromTheCacheIntoTheSameModel() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(try Self.fixtureText("LaunchDetails"))])
        let client = Self.client(session, cache: NormalizedCache())
        let first = try await client.run(LaunchDetailsQuery(launchId: "25"))
        let second = try await client.run(LaunchDetailsQuery(launchId: "25"))
        #expect(first.source == GraphQLResponse.Source.network)
        #expect(second.source == GraphQLResponse.Source.cache)
        #expect(second.data == first.data)
        #expect(first.data.launch?.rocket?.name == "Falcon 9")
        #expect(session.requestCount == 1)
        let sent = try JSONParser.parse(try #require(session.requests.first).body)
        #expect(sent["variables"] == ["launchId": "25"])
        #expect(sent["query"] == .string(LaunchDetailsQuery.operation.document))
    }

    @Test func mutationsGoToTheNetworkAndDecode() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(try Self.fixtureText("BookTrip")), StubHTTPSession.json(try Self.fixtureText("BookTrip"))])
        let client = Self.client(session, cache: NormalizedCache())
        _ = try await client.run(BookTripMutation(id: "25"))
        let booked = try await client.run(BookTripMutation(id: "25"))
        #expect(booked.data.bookTrips.fragments.tripUpdateDetails.success)
        #expect(session.requestCount == 2)
    }

    @Test func anAnswerTheModelCannotDecodeIsUnexpectedShape() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data": {"login": {"__typename": "User", "token": 42}}}"#)])
        let client = Self.client(session, cache: NormalizedCache())
        let expected = GraphQLClientError(operationName: "Login", kind: .unexpectedShape("The answer's login.token: expected a string, found 42."))
        do {
            _ = try await client.run(LoginMutation(email: "me@example.com"))
            Issue.record("expected an error")
        } catch let error as GraphQLClientError {
            #expect(error == expected)
        }
    }
}
