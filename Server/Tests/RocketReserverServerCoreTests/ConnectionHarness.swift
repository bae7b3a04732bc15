import Foundation
import RocketReserverServerCore
import Testing

/// A ``GraphQLWebSocketConnection`` served in-process: messages go in through a stream,
/// what it writes comes out of a ``RecordingSink``, and mutations go to the same service.
final class ConnectionHarness: Sendable {
    let server: TestServer
    let connection: GraphQLWebSocketConnection
    let sink = RecordingSink()
    let hub: TripsBookedHub
    private let input: AsyncStream<WebSocketIncomingMessage>.Continuation
    private let serving: Task<Void, any Error>
    private let iterator: EventIterator

    /// Starts serving a connection in `subprotocol`.
    init(_ subprotocol: WebSocketSubprotocol, limits: WebSocketLimits = WebSocketLimits(), bufferLimit: Int = 1024) throws {
        hub = TripsBookedHub(bufferLimit: bufferLimit)
        server = try TestServer(tripsBooked: hub)
        connection = GraphQLWebSocketConnection(subprotocol: subprotocol, service: server.service, limits: limits, sink: sink)
        let (messages, input) = AsyncStream.makeStream(of: WebSocketIncomingMessage.self)
        self.input = input
        let connection = connection
        serving = Task { try await connection.serve(messages) }
        iterator = EventIterator(sink.events)
    }

    /// Sends a text message.
    func send(_ text: String) {
        input.yield(.text(text))
    }

    /// Sends a binary message.
    func sendBinary() {
        input.yield(.binary)
    }

    /// The next thing the connection wrote.
    func next() async -> SinkEvent? {
        await iterator.next()
    }

    /// The next message, which must be of `type`.
    @discardableResult
    func expect(_ type: String, sourceLocation: SourceLocation = #_sourceLocation) async -> SinkEvent? {
        let event = await next()
        #expect(event?.type == type, "expected \(type), got \(String(describing: event))", sourceLocation: sourceLocation)
        return event
    }

    /// The next event, which must be a close frame with `code`.
    func expectClose(_ code: UInt16, sourceLocation: SourceLocation = #_sourceLocation) async {
        var event = await next()
        // A legacy client is told why first.
        if event?.type == "connection_error" {
            event = await next()
        }
        guard case .close(let actual, _)? = event else {
            Issue.record("expected close \(code), got \(String(describing: event))", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == code, sourceLocation: sourceLocation)
    }

    /// Ends the client's messages (the client closed) and waits until the connection has stopped.
    func finish() async throws {
        input.finish()
        try await serving.value
    }

    /// Waits until the connection has stopped by itself.
    func waitUntilServed() async throws {
        try await serving.value
    }
}

/// Serialises reads of an event stream from a Sendable holder.
actor EventIterator {
    private var iterator: AsyncStream<SinkEvent>.AsyncIterator

    init(_ stream: AsyncStream<SinkEvent>) {
        iterator = stream.makeAsyncIterator()
    }

    func next() async -> SinkEvent? {
        // AsyncStream's iterator is a handle on the stream: the copy reads the same events.
        var reading = iterator
        let event = await reading.next(isolation: self)
        iterator = reading
        return event
    }
}
