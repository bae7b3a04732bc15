#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import POSIXSupport
import Synchronization
import SocketEventLoop
import HTTPWire
import WebSocketCodec
import WebSocketIO
#if canImport(Glibc)
import Glibc
#endif
import SocketRouting

/// A WebSocket client (RFC 6455) for `ws://` and `wss://` URLs on the socket transport: the
/// same TLS verification (``TLSConfiguration``: the system's trust store, `SSL_CERT_FILE`,
/// `SSL_CERT_DIR`, extra CAs) and the same proxies (``ProxyConfiguration``, `ws` as `http`
/// and `wss` as `https`; always a `CONNECT` tunnel) as ``SocketHTTPSession``.
///
/// Each open connection is an I/O task whose waits suspend on the process's one ``EventLoop``
/// thread: a connection holds no thread of its own. The request's
/// timeout covers connecting, TLS and the opening handshake; an open connection has no
/// deadline. Only the caller's headers are sent (credentials are the caller's to give), plus
/// the proxy's own `Proxy-Authorization` in the `CONNECT` request only.
public struct WebSocketClient: WebSocketSession {
    private let proxies: ProxyConfiguration
    private let contexts: TLSContextCache
    /// How much the client accepts from servers; see ``WebSocketLimits``.
    public let limits: WebSocketLimits

    public init(tls: TLSConfiguration = TLSConfiguration(), proxies: ProxyConfiguration = .none, limits: WebSocketLimits = WebSocketLimits()) {
        self.proxies = proxies
        self.contexts = TLSContextCache(tls)
        self.limits = limits
    }

    /// Connects to `url` and completes the opening handshake.
    ///
    /// - Throws: ``HTTPTransportError`` when the server, the proxy or TLS fails (as for HTTP;
    ///   an unsupported URL is `.unsupportedURL`), ``WebSocketError`` when the handshake
    ///   does (a status other than 101, a wrong accept key, a subprotocol not offered), and
    ///   `CancellationError` when the task is cancelled.
    public func connect(
        to url: URL, subprotocols: [String] = [], headers: [(name: String, value: String)] = [], timeout: Duration = .seconds(30)
    ) async throws -> WebSocketConnection {
        try await connect(WebSocketRequest(url: url, subprotocols: subprotocols, headers: headers, timeout: timeout))
    }

    public func open(_ request: WebSocketRequest) async throws -> any WebSocketChannel {
        try await connect(request)
    }

    /// ``connect(to:subprotocols:headers:timeout:)`` with the request as one value.
    public func connect(_ request: WebSocketRequest) async throws -> WebSocketConnection {
        // The handshake runs on the loop's thread, as the connection's I/O task does.
        try await EventLoop.leastBusy().run { try await open(onLoop: request) }
    }

    private func open(onLoop request: WebSocketRequest) async throws -> WebSocketConnection {
        let target = try WebSocketTarget(request.url, proxies: proxies)
        var seen = Set<String>()
        for name in request.subprotocols {
            guard WebSocketHandshake.isToken(name), seen.insert(name).inserted else {
                throw WebSocketError(.invalidRequest("a subprotocol that is empty, repeated or not an HTTP token"))
            }
        }
        let handshake = WebSocketHandshake(subprotocols: request.subprotocols)
        let head = handshake.requestHead(url: request.url, host: target.host, headers: request.headers)
        let engine = WebSocketEngine(limits: limits.engineLimits)
        let deadline = ContinuousClock.now + request.timeout
        var opened: WebSocketTarget.Opened?
        do {
            // The opening runs on the caller's task: its cancellation stops every wait.
            let connected = try await target.open(deadline: deadline, contexts: contexts)
            opened = connected
            let (answer, leftover) = try await Self.exchange(head, over: connected.stream, limits: limits)
            let chosen = try handshake.verify(status: answer.status, header: answer.header)
            try Task.checkCancellation()
            let stream = connected.open(until: ContinuousClock.now + .seconds(100 * 365 * 86_400))
            engine.start {
                var loop = WebSocketLoop(engine: engine, stream: stream, leftover: leftover)
                let ending = await loop.run()
                // The messages end only once the socket is closed.
                connected.socket.close()
                engine.threadFinished(ending)
            }
            return WebSocketConnection(engine: engine, subprotocol: chosen)
        } catch {
            opened?.stream.finish()
            opened?.socket.close()
            engine.threadFinished(.failure(WebSocketError(.connectionLost)))
            throw error
        }
    }

    /// Writes the upgrade request and reads the answer's head; the bytes after it are the
    /// first frames.
    private static func exchange(_ head: Data, over stream: any PollableByteStream, limits: WebSocketLimits) async throws -> (HTTPResponseHead, [UInt8]) {
        try await stream.send(head)
        var bytes: [UInt8] = []
        let scratch = ReceiveBuffer(capacity: 16 * 1024)
        var searched = 0
        while true {
            if let end = HTTPResponseHead.end(in: bytes, from: max(0, searched - 3)) {
                let lines = bytes[..<end.start].split(separator: 10, omittingEmptySubsequences: false).map { line in
                    String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
                }
                return (try HTTPResponseHead(lines: lines, maximumHeaderCount: 100), Array(bytes[end.next...]))
            }
            guard bytes.count <= limits.maximumHandshakeBytes else {
                throw HTTPResponseReader.malformed("a response head over \(limits.maximumHandshakeBytes / 1024) KiB")
            }
            searched = bytes.count
            let count = try await stream.receive(into: scratch.bytes)
            guard count > 0 else { throw HTTPTransportError(.connectionLost) }
            bytes.append(contentsOf: scratch.prefix(count))
        }
    }
}
