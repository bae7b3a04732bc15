import Foundation
import NormalizedCache
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLClient
import GraphQLTestDoubles
import GraphQLURLSession
import Testing

/// The real `URLSession` behind the seam, against a server in this process on a loopback port.
@Suite(.timeLimit(.minutes(5)))
struct URLSessionLoopbackTests {
    private func client(port: Int, timeout: Duration = .seconds(10), token: String? = nil) -> GraphQLClient {
        let endpoint = URL(string: "http://127.0.0.1:\(port)/graphql")!
        return GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: endpoint,
            session: URLSession(configuration: .ephemeral),
            timeout: timeout,
            cache: NormalizedCache(),
            authorization: AuthorizationInterceptor { token },
            retry: RetryInterceptor(delays: [])
        ))
    }

    @Test func fetchesFromALoopbackServer() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: URLSessionFixture.detailsBody))
        defer { server.stop() }
        let result = try await client(port: server.port, token: "tok-1").fetch(
            URLSessionFixture.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly
        )
        #expect(result.data["launch"]?["rocket"]?["name"] == "Falcon 9")
        let request = try #require(server.requests.first)
        #expect(request.hasPrefix("POST /graphql HTTP/1.1\r\n"))
        #expect(request.lowercased().contains("\r\nauthorization: tok-1\r\n"))
        #expect(request.contains(#""operationName":"LaunchDetails""#))
    }

    @Test func errorStatusFromALoopbackServer() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 503, body: "<html>down</html>"))
        defer { server.stop() }
        let error = await #expect(throws: GraphQLClientError.self) {
            try await client(port: server.port).fetch(URLSessionFixture.launchDetails, variables: ["launchId": "25"])
        }
        #expect(error?.kind == .httpStatus(503))
    }

    @Test func closedPortIsUnreachable() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let error = await #expect(throws: GraphQLClientError.self) {
            try await client(port: port).fetch(URLSessionFixture.launchDetails, variables: ["launchId": "25"])
        }
        #expect(error?.kind == .transport(.connectionRefused))
    }

    /// A timeout that never fired would hang until the test's time limit.
    @Test(.timeLimit(.minutes(1)))
    func silentServerTimesOut() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = await #expect(throws: GraphQLClientError.self) {
            try await client(port: server.port, timeout: .milliseconds(500)).fetch(URLSessionFixture.launchDetails, variables: ["launchId": "25"])
        }
        #expect(error?.kind == .timedOut)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(450), "the configured timeout must be honoured, not cut short")
    }
}
