import Foundation
import GraphQLClient
import GraphQLSubscriptions
import GraphQLTestDoubles
import Transport
import JSON
import Synchronization
import Registrations

/// What the tests subscribe to: the tutorial's `tripsBooked`, written out as the client sees it.
let tripsBooked = GraphQLSubscriptionOperation(name: "TripsBooked", selections: [GraphQLField("tripsBooked")])

/// A sleep the test controls: each call records its delay and waits until the test releases
/// it, or until its task is cancelled.
final class ManualSleep: Sendable {
    private struct State {
        var delays: [Duration] = []
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        /// Sleeps about to wait; one cancelled before is refused.
        var arriving = PendingRegistrations<Int>()
    }

    private let state = Mutex(State())
    private let waiting: AsyncStream<(id: Int, delay: Duration)>.Continuation
    /// Each sleep once it waits: its id (for ``release(_:)``) and delay.
    let sleeps: AsyncStream<(id: Int, delay: Duration)>

    init() {
        (sleeps, waiting) = AsyncStream.makeStream(of: (id: Int, delay: Duration).self)
    }

    /// The delays asked for so far.
    var delays: [Duration] { state.withLock { $0.delays } }

    func sleep(_ delay: Duration) async throws {
        let id = state.withLock { state in
            state.delays.append(delay)
            return state.arriving.issueNext()
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { state in
                    guard state.arriving.register(id) else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) } else { waiting.yield((id, delay)) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                if state.arriving.cancel(id) { return nil }
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Ends sleep `id`.
    func release(_ id: Int) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.resume()
    }

    /// Waits for the next sleep of `delay` (skipping others, which go on waiting) and ends it.
    func release(next delay: Duration) async {
        for await sleep in sleeps where sleep.delay == delay {
            release(sleep.id)
            return
        }
    }

    /// Ends every sleep waiting now; returns how many there were.
    @discardableResult
    func releaseAll() -> Int {
        let waiters = state.withLock { state in
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
        return waiters.count
    }
}

/// The server side's message as JSON.
func decoded(_ message: WebSocketMessage?) -> JSONValue? {
    guard case .text(let text)? = message else { return nil }
    return try? JSONParser.parse(Data(text.utf8))
}

extension InMemoryWebSocketServer {
    /// Sends a JSON message.
    func send(json: JSONValue) throws {
        try send(.text(JSONWriter.string(json)))
    }

    /// Reads the next client message as JSON.
    func next() async throws -> JSONValue? {
        decoded(try await receive())
    }

    /// Reads a `subscribe` (or `start`) and the live probe the client sends after it, answers
    /// the probe, and returns the subscription's message.
    func subscription() async throws -> JSONValue? {
        let message = try await next()
        try await answerProbe()
        return message
    }

    /// Reads the client's live probe and answers it: a `ping` with a `pong`; in graphql-ws, the
    /// `LiveProbe` operation with its data and `complete`.
    func answerProbe() async throws {
        let probe = try await next()
        if probe?["type"] == "ping" {
            try send(json: ["type": "pong"])
        } else if let id = probe?["id"] {
            try send(json: ["type": "data", "id": id, "payload": ["data": ["__typename": "Query"]]])
            try send(json: ["type": "complete", "id": id])
        }
    }

    /// Reads `connection_init` and acknowledges it; returns its payload.
    func acknowledge() async throws -> JSONValue? {
        let initMessage = try await next()
        try send(json: ["type": "connection_ack"])
        return initMessage?["payload"]
    }
}

/// A reconnection policy on `sleep`, without jitter, so delays can be checked exactly.
func reconnection(_ sleep: ManualSleep, ackTimeout: Duration = .seconds(5), keepAlive: Duration? = nil) -> SubscriptionReconnection {
    SubscriptionReconnection(
        initialDelay: .milliseconds(100), maximumDelay: .milliseconds(400), acknowledgementTimeout: ackTimeout,
        keepAliveInterval: keepAlive, jitter: { $0 }, sleep: { try await sleep.sleep($0) }
    )
}

let loopbackEndpoint = URL(string: "http://127.0.0.1:4000/graphql")!
