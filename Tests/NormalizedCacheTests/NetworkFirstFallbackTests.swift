import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import Transport
import JSON
import Testing

/// ``CachePolicy/networkFirst`` answers from the cache only when the server could not be
/// reached or did not answer in time; every other failure is thrown although the cache holds
/// the answer.
@Suite(.timeLimit(.minutes(5)))
struct NetworkFirstFallbackTests {
    private let details = ClientFixtures.launchDetails
    private let variables: [String: JSONValue] = ["launchId": "25"]

    struct Failure: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var reply: StubHTTPSession.Reply
        var fallsBack: Bool
    }

    static let failures: [Failure] = [
        Failure(testDescription: "connection refused", reply: .failure(.connectionRefused), fallsBack: true),
        Failure(testDescription: "host unreachable", reply: .failure(.hostUnreachable), fallsBack: true),
        Failure(testDescription: "connection lost", reply: .failure(.connectionLost), fallsBack: true),
        Failure(testDescription: "timed out", reply: .failure(.timedOut), fallsBack: true),
        Failure(testDescription: "untrusted certificate", reply: .failure(.tlsCertificate(reason: "not trusted")), fallsBack: false),
        Failure(testDescription: "TLS handshake", reply: .failure(.tlsHandshake(reason: "wrong version number")), fallsBack: false),
        Failure(testDescription: "TLS unavailable", reply: .failure(.tlsUnavailable(reason: "no libssl")), fallsBack: false),
        Failure(testDescription: "proxy refused", reply: .failure(.proxyFailed(proxy: "http://127.0.0.1:1", reason: "HTTP 407")), fallsBack: false),
        Failure(testDescription: "redirect", reply: .failure(.redirected(status: 307, location: "https://elsewhere.invalid")), fallsBack: false),
        Failure(testDescription: "malformed framing", reply: .failure(.malformedResponse("no status line")), fallsBack: false),
        Failure(testDescription: "too large", reply: .failure(.responseTooLarge(limit: 1024)), fallsBack: false),
        Failure(testDescription: "HTTP 500", reply: StubHTTPSession.json("<html>", status: 500), fallsBack: false),
        Failure(testDescription: "HTTP 503", reply: StubHTTPSession.json("", status: 503), fallsBack: false),
        Failure(testDescription: "not JSON", reply: StubHTTPSession.json("<html>"), fallsBack: false),
        Failure(testDescription: "GraphQL errors", reply: StubHTTPSession.json(#"{"errors":[{"message":"no"}]}"#), fallsBack: false),
    ]

    @Test(arguments: failures)
    func fallsBackOnlyWhenTheServerCannotBeReached(_ failure: Failure) async throws {
        let session = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody()), failure.reply])
        let client = ClientFixtures.client(session)
        #expect(try await client.fetch(details, variables: variables, cachePolicy: .networkFirst).source == .network)
        if failure.fallsBack {
            #expect(try await client.fetch(details, variables: variables, cachePolicy: .networkFirst).source == .cache)
        } else {
            let error = await #expect(throws: GraphQLClientError.self) {
                try await client.fetch(details, variables: variables, cachePolicy: .networkFirst)
            }
            #expect(error?.allowsCacheFallback == false)
        }
    }
}
