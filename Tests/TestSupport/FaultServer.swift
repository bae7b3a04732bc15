import Foundation

/// A misbehaving HTTP/1.1 server on 127.0.0.1 for fault-injection tests.
///
/// Binds a port the kernel picks, accepts connections on its own thread (one thread per
/// connection), reads each whole request (head plus body), records it, and plays a
/// ``FaultServerBehaviour``: the next one queued with ``enqueue(_:)``, else ``behaviour``.
/// Sends use `MSG_NOSIGNAL`, so a client that goes away cannot kill the test process.
///
/// ```swift
/// let server = try FaultServer(FaultServerTutorial.behaviour(token: "t"))
/// server.enqueue(.empty(status: 503), .empty(status: 503))   // then the tutorial answers
/// // run the client against server.endpoint …
/// #expect(server.requests.count == 3)
/// server.stop()                                                // also on deinit
/// ```
public final class FaultServer: @unchecked Sendable {
    /// The port listened on.
    public let port: UInt16
    /// The GraphQL endpoint, `http://127.0.0.1:PORT/graphql`.
    public let endpoint: String
    private let core: FaultServerCore

    /// Starts listening; `queue` is played first, one behaviour per request, then `behaviour`.
    public init(_ behaviour: FaultServerBehaviour, queue: [FaultServerBehaviour] = []) throws {
        core = try FaultServerCore(behaviour: behaviour, queue: queue)
        port = core.port
        endpoint = "http://127.0.0.1:\(core.port)/graphql"
        core.start()
    }

    deinit { core.stop() }

    /// How requests are answered once the queue is empty.
    public var behaviour: FaultServerBehaviour {
        get { core.behaviour }
        set { core.behaviour = newValue }
    }

    /// Queues behaviours for the next requests, one each, ahead of ``behaviour``.
    public func enqueue(_ behaviours: FaultServerBehaviour...) {
        core.enqueue(behaviours)
    }

    /// Every request received so far, in order of arrival.
    public var requests: [FaultServerRequest] { core.requests }

    /// How many requests were received so far.
    public var requestCount: Int { core.requests.count }

    /// How many connections were accepted so far (since the last clear).
    public var connectionCount: Int { core.connectionCount }

    /// Forgets the requests (and the connections) received so far (for example after preparing state).
    public func clearRequests() { core.clearRequests() }

    /// Waits, holding no thread, until the server has received `count` requests (since the
    /// last clear) or the timeout passes; returns whether they arrived.
    public func waitForRequests(_ count: Int, timeout: TimeInterval) async -> Bool {
        await core.waitForRequests(count, timeout: timeout)
    }

    /// Closes the listening socket and every connection, and waits for all threads to end.
    /// Connections to ``port`` are refused afterwards.
    public func stop() { core.stop() }
}
