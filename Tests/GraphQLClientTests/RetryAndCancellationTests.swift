import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import NormalizedCache
import Testing

@Suite(.timeLimit(.minutes(5)))
struct RetryAndCancellationTests {
    private let ok = StubHTTPSession.json(ClientFixtures.detailsBody())
    private let unavailable = StubHTTPSession.json("", status: 503)
    private let delays: [Duration] = [.milliseconds(100), .milliseconds(300)]

    private func fetch(_ client: GraphQLClient) async throws -> GraphQLResult {
        try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
    }

    @Test func queryIsRetriedAfter503ThenSucceeds() async throws {
        let session = StubHTTPSession([unavailable, ok])
        let sleeps = SleepRecorder()
        let result = try await fetch(ClientFixtures.client(session, retryDelays: delays, sleeps: sleeps))
        #expect(result.data["launch"]?["id"] == "25")
        #expect(session.requestCount == 2)
        #expect(sleeps.recorded == [.milliseconds(100)])
    }

    @Test func retriesAreBoundedWithGrowingWaits() async {
        let session = StubHTTPSession([unavailable])
        let sleeps = SleepRecorder()
        let error = await #expect(throws: GraphQLClientError.self) {
            try await fetch(ClientFixtures.client(session, retryDelays: delays, sleeps: sleeps))
        }
        #expect(error?.kind == .httpStatus(503))
        #expect(session.requestCount == 3)
        #expect(sleeps.recorded == delays)
    }

    @Test func refusedAndResetConnectionsAreRetried() async throws {
        let session = StubHTTPSession([.failure(.connectionRefused), .failure(.connectionLost), ok])
        _ = try await fetch(ClientFixtures.client(session, retryDelays: delays))
        #expect(session.requestCount == 3)
    }

    @Test(arguments: [
        StubHTTPSession.json("", status: 500),
        StubHTTPSession.json(#"{"errors":[{"message":"bad"}]}"#),
        StubHTTPSession.Reply.failure(.hostUnreachable),
    ])
    func permanentFailuresAreNotRetried(_ reply: StubHTTPSession.Reply) async {
        let session = StubHTTPSession([reply, ok])
        await #expect(throws: GraphQLClientError.self) { try await fetch(ClientFixtures.client(session, retryDelays: delays)) }
        #expect(session.requestCount == 1)
    }

    @Test(arguments: [StubHTTPSession.json("", status: 503), StubHTTPSession.Reply.failure(.connectionLost)])
    func mutationsAreNeverRetried(_ reply: StubHTTPSession.Reply) async {
        let session = StubHTTPSession([reply, StubHTTPSession.json(#"{"data":{"bookTrips":{"success":true}}}"#)])
        let client = ClientFixtures.client(session, retryDelays: delays)
        await #expect(throws: GraphQLClientError.self) { try await client.perform(ClientFixtures.bookTrip, variables: ["id": "25"]) }
        #expect(session.requestCount == 1)
    }

    /// The stub never answers and the timeout is an hour away: only the cancellation can end the
    /// request before the test's time limit.
    @Test(.timeLimit(.minutes(1)))
    func cancellingAWaitingRequestThrowsCancelledPromptly() async {
        let session = StubHTTPSession([.hang])
        let client = ClientFixtures.client(session, timeout: .seconds(3_600))
        let task = Task { try await fetch(client) }
        await session.waitForHang()
        task.cancel()
        let result = await task.result
        guard case .failure(let error as GraphQLClientError) = result else {
            Issue.record("expected a GraphQLClientError, got \(result)")
            return
        }
        #expect(error.kind == .cancelled)
    }

    @Test func cancelledTaskSendsNothing() async {
        let session = StubHTTPSession([ok])
        let client = ClientFixtures.client(session)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await fetch(client)
        }
        guard case .failure(let error as GraphQLClientError) = await task.result else {
            Issue.record("expected a GraphQLClientError")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(session.requestCount == 0)
    }

    @Test func cancellationDuringBackoffIsCancelled() async {
        let session = StubHTTPSession([unavailable])
        let (waiting, signal) = AsyncStream<Void>.makeStream()
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: ClientFixtures.endpoint, session: session, cache: NormalizedCache(),
            retry: RetryInterceptor(delays: [.seconds(3600)]) { _ in
                signal.yield()
                let (never, keepOpen) = AsyncStream<Never>.makeStream()
                for await _ in never {}
                keepOpen.finish()
                throw CancellationError()
            }
        ))
        let task = Task { try await fetch(client) }
        var iterator = waiting.makeAsyncIterator()
        _ = await iterator.next()
        task.cancel()
        guard case .failure(let error as GraphQLClientError) = await task.result else {
            Issue.record("expected a GraphQLClientError")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(session.requestCount == 1)
    }
}
