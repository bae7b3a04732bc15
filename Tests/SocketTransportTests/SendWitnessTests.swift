import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import Transport
import NormalizedCache
import SocketTransport
import Testing

/// The socket session says whether a request may have left, so a mutation that failed before
/// it did (cancelled or timed out while connecting) has a known outcome, and one that failed
/// after it did has not.
@Suite(.timeLimit(.minutes(5)))
struct SendWitnessTests {
    private func request(_ url: String, timeout: Duration) -> HTTPRequest {
        HTTPRequest(url: URL(string: url) ?? ClientFixtures.endpoint, method: "POST", body: Data("{}".utf8), timeout: timeout)
    }

    /// Sends `request` with a witness bound and returns what it says once the send failed.
    private func witnessed(_ session: SocketHTTPSession, _ request: HTTPRequest) async -> HTTPSendWitness.State {
        let witness = HTTPSendWitness()
        _ = try? await HTTPSendWitness.$current.withValue(witness) { try await session.send(request) }
        return witness.state
    }

    @Test func aRequestThatReachedTheServerMayHaveBeenSent() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let state = await witnessed(SocketHTTPSession(), request("http://127.0.0.1:\(server.port)/graphql", timeout: .milliseconds(1_500)))
        #expect(state == .mayHaveSent)
    }

    @Test func waitingForAProxysTunnelNothingIsSent() async throws {
        let proxy = try LoopbackHTTPServer(.neverAnswer)  // reads the CONNECT, never answers it
        defer { proxy.stop() }
        let session = SocketHTTPSession(proxies: ProxyConfiguration(httpsProxy: URL(string: "http://127.0.0.1:\(proxy.port)")))
        let state = await witnessed(session, request("https://rocket-reserver-test.invalid/graphql", timeout: .milliseconds(1_500)))
        #expect(state == .notSent)
    }

    @Test func aRefusedConnectionSendsNothing() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let state = await witnessed(SocketHTTPSession(), request("http://127.0.0.1:\(port)/graphql", timeout: .seconds(5)))
        #expect(state == .notSent)
    }

    @Test func cancelledBeforeItStartsNothingIsSent() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let witness = HTTPSendWitness()
        let session = SocketHTTPSession()
        let request = request("http://127.0.0.1:\(server.port)/graphql", timeout: .seconds(10))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await HTTPSendWitness.$current.withValue(witness) { try await session.send(request) }
        }
        #expect(await task.result.isFailure)
        #expect(witness.state == .notSent)
        #expect(server.requests.isEmpty)
    }

    @Test func aSessionThatDoesNotReportLeavesTheOutcomeUnknown() async throws {
        let session = StubHTTPSession([.failure(.timedOut)])
        do {
            _ = try await ClientFixtures.client(session).perform(ClientFixtures.bookTrip, variables: ["id": "25"])
            Issue.record("the booking succeeded")
        } catch let error as GraphQLClientError {
            #expect(!error.requestWasNotSent)
            #expect(error.outcomeIsUnknown)
        }
    }

    /// Through the whole chain: a booking that timed out waiting for the proxy's tunnel is
    /// known not to have reached the server; one that timed out waiting for the answer is not.
    @Test func theClientTellsAMutationThatNeverLeftFromOneThatMayHave() async throws {
        let proxy = try LoopbackHTTPServer(.neverAnswer)
        defer { proxy.stop() }
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let cases: [(endpoint: String, session: SocketHTTPSession, leftExpected: Bool)] = [
            ("https://rocket-reserver-test.invalid/graphql",
             SocketHTTPSession(proxies: ProxyConfiguration(httpsProxy: URL(string: "http://127.0.0.1:\(proxy.port)"))), false),
            ("http://127.0.0.1:\(server.port)/graphql", SocketHTTPSession(), true),
        ]
        for (endpoint, session, leftExpected) in cases {
            let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
                endpoint: try #require(URL(string: endpoint)), session: session, timeout: .milliseconds(1_500), cache: NormalizedCache()
            ))
            do {
                _ = try await client.perform(ClientFixtures.bookTrip, variables: ["id": "25"])
                Issue.record("\(endpoint): the booking succeeded")
            } catch let error as GraphQLClientError {
                #expect(error.kind == .timedOut, "\(endpoint): \(error)")
                #expect(error.requestWasNotSent == !leftExpected, "\(endpoint)")
                #expect(error.outcomeIsUnknown == leftExpected, "\(endpoint)")
            }
        }
    }
}

private extension Result {
    var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}
