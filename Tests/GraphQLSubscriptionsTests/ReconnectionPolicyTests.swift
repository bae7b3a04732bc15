import Foundation
import GraphQLClient
import GraphQLSubscriptions
import GraphQLTestDoubles
import JSON
import Synchronization
import Testing
import Transport

/// Once connected, every reconnection failure is retried with backoff; the backoff starts again
/// only after a connection stayed up, so a server that acknowledges and drops is never hammered.
@Suite(.timeLimit(.minutes(1)))
struct ReconnectionPolicyTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let offset = Mutex(Duration.zero)
        private let start = ContinuousClock.now
        func advance(_ by: Duration) { offset.withLock { $0 += by } }
        var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
    }

    private func policy(_ sleep: ManualSleep, _ clock: ManualClock) -> SubscriptionReconnection {
        SubscriptionReconnection(
            initialDelay: .milliseconds(100), maximumDelay: .milliseconds(800), acknowledgementTimeout: .seconds(5),
            keepAliveInterval: nil, stableConnection: .seconds(30), jitter: { $0 },
            sleep: { try await sleep.sleep($0) }, now: { clock.now }
        )
    }

    /// Waits for the interruption that follows a drop.
    private func expectInterrupted(
        _ events: inout AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error>.AsyncIterator
    ) async throws {
        var event = try await events.next()
        while case .resumed? = event { event = try await events.next() }
        guard case .interrupted? = event else {
            Issue.record("expected interrupted, got \(String(describing: event))")
            return
        }
    }

    @Test func aServerThatAcknowledgesAndDropsGetsAGrowingBackoffNotATightLoop() async throws {
        let session = InMemoryWebSocketSession()
        let sleep = ManualSleep()
        let clock = ManualClock()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, reconnection: policy(sleep, clock))
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        var expected: [Duration] = []
        for delay in [100, 200, 400, 800, 800] as [Int64] {
            let server = await session.accept()
            _ = try await server.acknowledge()
            _ = try await server.next()
            clock.advance(.seconds(1))   // up for a second only
            server.close(code: .goingAway, reason: "")
            try await expectInterrupted(&events)
            await sleep.release(next: .milliseconds(delay))
            expected.append(.milliseconds(delay))
        }
        #expect(sleep.delays.filter { $0 != .seconds(5) } == expected)
    }

    @Test func aConnectionThatStayedUpStartsTheBackoffAgain() async throws {
        let session = InMemoryWebSocketSession()
        let sleep = ManualSleep()
        let clock = ManualClock()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, reconnection: policy(sleep, clock))
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        for delay in [100, 200] as [Int64] {
            let server = await session.accept()
            _ = try await server.acknowledge()
            _ = try await server.next()
            server.close(code: .goingAway, reason: "")
            try await expectInterrupted(&events)
            await sleep.release(next: .milliseconds(delay))
        }
        let stable = await session.accept()
        _ = try await stable.acknowledge()
        _ = try await stable.next()
        clock.advance(.seconds(31))
        stable.close(code: .goingAway, reason: "")
        try await expectInterrupted(&events)
        await sleep.release(next: .milliseconds(100))
        #expect(sleep.delays.filter { $0 != .seconds(5) } == [.milliseconds(100), .milliseconds(200), .milliseconds(100)])
    }

    /// Failures a reconnection may meet that the first connection would end on.
    static let reconnectionFailures: [any Error & Sendable] = [
        WebSocketError(.handshakeRefused(status: 404)),
        HTTPTransportError(.connectionLost),
        WebSocketError(.connectionLost),
    ]

    @Test(arguments: 0..<reconnectionFailures.count)
    func everyReconnectionFailureIsRetried(index: Int) async throws {
        let inner = InMemoryWebSocketSession()
        let session = FailingSession(inner: inner, failure: Self.reconnectionFailures[index])
        let sleep = ManualSleep()
        let clock = ManualClock()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, reconnection: policy(sleep, clock))
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        let server = await inner.accept()
        _ = try await server.acknowledge()
        _ = try await server.next()
        session.failuresLeft.withLock { $0 = 3 }
        server.close(code: .goingAway, reason: "")
        try await expectInterrupted(&events)
        // Three failed reconnections in a row, each followed by a longer wait, never the end.
        for delay in [100, 200, 400] as [Int64] { await sleep.release(next: .milliseconds(delay)) }
        await sleep.release(next: .milliseconds(800))
        let back = await inner.accept()
        _ = try await back.acknowledge()
        #expect(try await back.next()?["type"] == "subscribe")
        #expect(try await events.next() == .resumed)
    }

    /// A session whose next ``failuresLeft`` opens fail with `failure`.
    final class FailingSession: WebSocketSession {
        let inner: InMemoryWebSocketSession
        let failure: any Error & Sendable
        let failuresLeft = Mutex(0)
        init(inner: InMemoryWebSocketSession, failure: any Error & Sendable) {
            self.inner = inner
            self.failure = failure
        }
        func open(_ request: WebSocketRequest) async throws -> any WebSocketChannel {
            let fails = failuresLeft.withLock { left in
                defer { left = max(0, left - 1) }
                return left > 0
            }
            if fails { throw failure }
            return try await inner.open(request)
        }
    }
}
