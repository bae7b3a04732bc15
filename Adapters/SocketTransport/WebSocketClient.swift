import Foundation
import HTTPSeam
import POSIXSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A WebSocket client (RFC 6455) for `ws://` and `wss://` URLs on the socket transport: the
/// same TLS verification (``TLSConfiguration``: the system's trust store, `SSL_CERT_FILE`,
/// `SSL_CERT_DIR`, extra CAs) and the same proxies (``ProxyConfiguration``, `ws` as `http`
/// and `wss` as `https`; always a `CONNECT` tunnel) as ``SocketHTTPSession``.
///
/// Each connection runs on a thread of its own off the Swift concurrency pool. The request's
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
    ///   an unsupported URL is `.other(code: -1002)`), ``WebSocketError`` when the handshake
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
        let target = try WebSocketTarget(request.url, proxies: proxies)
        var seen = Set<String>()
        for name in request.subprotocols {
            guard WebSocketHandshake.isToken(name), seen.insert(name).inserted else {
                throw WebSocketError(.invalidRequest("a subprotocol that is empty, repeated or not an HTTP token"))
            }
        }
        let handshake = WebSocketHandshake(subprotocols: request.subprotocols)
        let head = handshake.requestHead(url: request.url, host: target.host, headers: request.headers)
        let engine = try WebSocketEngine(call: BlockingCall.standalone(), limits: limits)
        let deadline = ContinuousClock.now + request.timeout
        let contexts = self.contexts
        let limits = self.limits
        let phase = OpeningGate()
        let subprotocol: String? = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, any Error>) in
                // DetachedThread blocks SIGPIPE on the thread: a write to a dropped wss connection fails with EPIPE.
                let started = DetachedThread.start {
                    var socket: SocketConnection?
                    var ending = Result<Void, WebSocketError>.failure(WebSocketError(.connectionLost))
                    do {
                        let opened = try target.open(call: engine.call, deadline: deadline, contexts: contexts)
                        socket = opened.socket
                        let (head, leftover) = try Self.exchange(head, over: opened.stream, limits: limits)
                        let chosen = try handshake.verify(head)
                        let stream = opened.open(until: ContinuousClock.now + .seconds(100 * 365 * 86_400))
                        let cancelled = phase.state.withLock { phase in
                            defer { phase = .open }
                            return phase == .cancelled
                        }
                        if cancelled { throw CancellationError() }
                        continuation.resume(returning: chosen)
                        var loop = WebSocketLoop(engine: engine, stream: stream, leftover: leftover)
                        ending = loop.run()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                    // The messages end only once the socket is closed.
                    socket?.close()
                    engine.threadFinished(ending)
                }
                if !started {
                    engine.threadFinished(.failure(WebSocketError(.connectionLost)))
                    continuation.resume(throwing: HTTPTransportError(.other(code: -Int(EAGAIN))))
                }
            }
        } onCancel: {
            let connecting = phase.state.withLock { phase in
                defer { if phase == .connecting { phase = .cancelled } }
                return phase == .connecting
            }
            if connecting { engine.call.interrupt() }
        }
        return WebSocketConnection(engine: engine, subprotocol: subprotocol)
    }

    /// Whether the task that opens the connection was cancelled before the handshake ended.
    private final class OpeningGate: Sendable {
        enum Phase { case connecting, cancelled, open }
        let state = Mutex(Phase.connecting)
    }

    /// Writes the upgrade request and reads the answer's head; the bytes after it are the
    /// first frames.
    private static func exchange(_ head: Data, over stream: any WebSocketByteStream, limits: WebSocketLimits) throws -> (HTTPResponseHead, [UInt8]) {
        try stream.send(head)
        var bytes: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
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
            let count = try scratch.withUnsafeMutableBytes { try stream.receive(into: $0) }
            guard count > 0 else { throw HTTPTransportError(.connectionLost) }
            bytes.append(contentsOf: scratch[0..<count])
        }
    }
}
