#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import Transport
import JSON
import Synchronization
import Registrations

/// Runs GraphQL subscriptions over one shared WebSocket, in `graphql-transport-ws` or
/// `graphql-ws`, whichever the server picks.
///
/// The socket opens with the first subscription and closes (after `complete`/`stop`) when the
/// last consumer stops. A dropped connection is reopened with backoff and jitter, every live
/// subscription is sent again, and each stream reports the gap (``GraphQLSubscriptionEvent/interrupted(_:)``
/// then ``GraphQLSubscriptionEvent/resumed``); once a connection has been acknowledged, every
/// failure to reconnect is retried with backoff, except a refusal of the login. The first
/// connection failing, a refusal, a protocol mismatch or a hostile message end the streams
/// with a ``GraphQLSubscriptionError``.
///
/// A server that picks `graphql-transport-ws` and then closes with 1002 before acknowledging
/// (subscriptions-transport-ws, which the hosted tutorial server runs, takes whatever is
/// offered first) is asked again at once offering `graphql-ws` alone; ``SubscriptionProtocolMemory``
/// keeps what worked, so the next process offers it first.
public actor GraphQLSubscriptionClient: GraphQLSubscriptionTransport {
    /// Called with each event's data before it is passed on (for example to write it to a cache).
    /// It runs on the client's actor (`nonisolated(nonsending)`): a sink with nothing to do for an
    /// event costs no hop to another thread, which a flood of events would pay every time.
    public typealias EventSink = nonisolated(nonsending) @Sendable (
        _ operation: GraphQLSubscriptionOperation, _ data: [String: JSONValue], _ variables: [String: JSONValue]
    ) async -> Void

    struct Subscriber {
        var operation: GraphQLSubscriptionOperation
        var variables: [String: JSONValue]
        var continuation: AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error>.Continuation
        /// Settled once the server has the subscription: the stream then gets
        /// ``GraphQLSubscriptionEvent/started``, and ``startSubscription(_:variables:)`` returns.
        var live = SubscriptionLiveSignal()
    }

    let endpoint: URL
    let session: any WebSocketSession
    let credentials: SubscriptionCredentials?
    let reconnection: SubscriptionReconnection
    let handshakeTimeout: Duration
    /// Events that may wait for a slow consumer of one stream before the oldest is dropped.
    public nonisolated let bufferLimit: Int
    let protocols: [GraphQLSubscriptionProtocol]
    let eventSink: EventSink?
    let memory: SubscriptionProtocolMemory?
    nonisolated let ids = Mutex(0)

    /// Ids made and not added yet; one whose consumer stopped first is never added.
    nonisolated let arriving = Mutex(PendingRegistrations<String>())

    var subscribers: [String: Subscriber] = [:]
    /// Ids sent on the current connection.
    var started: Set<String> = []
    /// What was sent on the current connection to learn that the server has a subscription.
    var probes = SubscriptionLiveProbes()
    var connection: Task<Void, Never>?
    var generation = 0
    /// Messages received on the current connection, for the keep-alive check.
    var messagesSeen = 0
    var channel: SubscriptionChannel?
    /// The subprotocol ``memory`` recalled (read once, on the first connection), or last noted.
    var remembered: GraphQLSubscriptionProtocol?
    var recalledMemory = false
    /// Set once the server closed with 1002 after picking `graphql-transport-ws`: it can only
    /// speak `graphql-ws`, which is then offered alone for the rest of the client's life.
    var legacyOnly = false

    /// - Parameters:
    ///   - endpoint: The `ws://` or `wss://` URL (an `http(s)://` one is turned into it).
    ///   - session: The streaming seam (SocketTransport's `WebSocketClient`, or a test's).
    ///   - credentials: Where `connection_init`'s `authorization` comes from; sent only over
    ///     `wss://` or to loopback.
    ///   - handshakeTimeout: How long connecting and the opening handshake may take.
    ///   - bufferLimit: Events that may wait for a slow consumer before the oldest is dropped.
    ///   - protocols: The subprotocols offered, in order (by default both, `graphql-transport-ws` first).
    ///   - eventSink: Sees each event's data first (the normalized cache's write).
    ///   - memory: Where the subprotocol that worked is kept for the next process (offered first then).
    public init(
        endpoint: URL,
        session: any WebSocketSession,
        credentials: SubscriptionCredentials? = nil,
        reconnection: SubscriptionReconnection = SubscriptionReconnection(),
        handshakeTimeout: Duration = .seconds(30),
        bufferLimit: Int = 256,
        protocols: [GraphQLSubscriptionProtocol] = GraphQLSubscriptionProtocol.allCases,
        eventSink: EventSink? = nil,
        memory: SubscriptionProtocolMemory? = nil
    ) {
        self.protocols = protocols.isEmpty ? GraphQLSubscriptionProtocol.allCases : protocols
        self.endpoint = Self.webSocketURL(for: endpoint)
        self.session = session
        self.credentials = credentials
        self.reconnection = reconnection
        self.handshakeTimeout = handshakeTimeout
        self.bufferLimit = max(1, bufferLimit)
        self.eventSink = eventSink
        self.memory = memory
    }

    /// `http` → `ws`, `https` → `wss`; other URLs as they are.
    public static func webSocketURL(for url: URL) -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        switch parts.scheme?.lowercased() {
        case "http": parts.scheme = "ws"
        case "https": parts.scheme = "wss"
        default: return url
        }
        return parts.url ?? url
    }

    /// Subscribes to `operation`: each event's `data` as it arrives, until the server completes
    /// it (the stream ends), fails it (the stream throws), or the consumer stops (which sends
    /// `complete`/`stop`, and closes the socket if nothing else uses it).
    /// The first element is ``GraphQLSubscriptionEvent/started`` once the subscription is live.
    public nonisolated func subscribe(
        _ operation: GraphQLSubscriptionOperation, variables: [String: JSONValue]
    ) -> AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error> {
        let (id, subscriber, stream) = makeSubscriber(operation, variables: variables)
        Task { await self.add(id, subscriber) }
        return stream
    }

    /// A new subscription's id, its record and the stream its consumer reads (stopping the
    /// stream removes it).
    nonisolated func makeSubscriber(
        _ operation: GraphQLSubscriptionOperation, variables: [String: JSONValue]
    ) -> (id: String, subscriber: Subscriber, stream: AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error>) {
        let id = ids.withLock { next in
            next += 1
            return String(next)
        }
        arriving.withLock { $0.issue(id) }
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: GraphQLSubscriptionEvent<[String: JSONValue]>.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(bufferLimit)
        )
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        return (id, Subscriber(operation: operation, variables: variables, continuation: continuation), stream)
    }

    /// Subscriptions alive now (each holds a share of the socket).
    package var activeSubscriptions: Int { subscribers.count }

    func add(_ id: String, _ subscriber: Subscriber) async {
        guard arriving.withLock({ $0.register(id) }) else { return }
        subscribers[id] = subscriber
        if connection == nil {
            generation += 1
            let generation = generation
            connection = Task { await self.run(generation: generation) }
        } else if let channel {
            await start(id, subscriber, on: channel)
        }
    }

    func remove(_ id: String) async {
        if arriving.withLock({ $0.cancel(id) }) { return }
        guard let removed = subscribers.removeValue(forKey: id) else { return }
        removed.live.settle(.failure(CancellationError()))
        if let channel, started.remove(id) != nil {
            try? await channel.send(.complete(id: id))
        }
        await closeIfUnused()
    }

    /// Closes the socket and stops the connection's task once no subscription uses it.
    func closeIfUnused() async {
        guard subscribers.isEmpty, let task = connection else { return }
        connection = nil
        generation += 1
        if let channel {
            self.channel = nil
            started = []
            if channel.subprotocol == .graphQLWS {
                try? await channel.send(.connectionTerminate)
            }
            await channel.socket.close(code: .normalClosure, reason: "")
        }
        task.cancel()
    }

    /// Sends `subscribe`/`start` for `id` on `channel`, once per connection.
    func start(_ id: String, _ subscriber: Subscriber, on channel: SubscriptionChannel) async {
        guard started.insert(id).inserted else { return }
        let operation = subscriber.operation
        // A failed send means the connection is going down: the read loop reconnects and sends it again.
        try? await channel.send(.subscribe(id: id, document: operation.document, operationName: operation.name, variables: subscriber.variables))
        if !subscriber.live.isSettled { await probe(for: id, on: channel) }
    }
}
