import Transport
import HTTPWire
import SocketTLS

/// One request over a ``ConnectionPool``'s connection, as sequential async code on the
/// caller's task (its waits suspend on the ``EventLoop``): checks an
/// idle connection before reusing it, opens one when needed, sends the request, reads the whole
/// answer, and gives the connection back (kept alive when the answer allows it).
///
/// A request that went out on a reused connection and found it closed before any byte of an
/// answer arrived (the server dropped the idle connection as the request left) is sent once
/// more, on a new connection, only when it is idempotent: a mutation is never sent twice.
struct PooledExchange {
    let request: HTTPRequest
    let route: ConnectionRoute
    let pool: ConnectionPool
    let limits: HTTPResponseLimits
    let deadline: ContinuousClock.Instant

    /// Runs the exchange with `lease`; `sending` is called right before each time the request is
    /// written, once connected (it may wait, and throws once the exchange is cancelled); `reading`
    /// reads the answer (the whole of it by default; a streaming send hands it on as it arrives).
    func run(_ lease: ConnectionPool.Lease, sending: () async throws -> Void) async throws -> HTTPResponse {
        let method = request.method
        return try await run(lease, sending: sending, reading: { try await $0.read(method: method) })
    }

    /// Runs the exchange with `lease`, `reading` the answer.
    func run(
        _ lease: ConnectionPool.Lease, sending: () async throws -> Void, reading: (inout HTTPResponseReader) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let origin = route.origin
        var connection: PooledConnection?
        var keep = false
        var idleTimeout = pool.options.idleTimeout
        defer {
            if !keep { connection?.close() }
            pool.release(origin, keeping: keep ? connection : nil, idleTimeout: idleTimeout)
        }
        var reused = false
        if case .reuse(let idle) = lease {
            if idle.isReusable {
                idle.rebind(deadline: deadline)
                connection = idle
                reused = true
            } else {
                idle.close()
            }
        }
        let head = route.tls == nil
            ? SocketHTTPSession.head(for: request, host: route.host, absoluteForm: route.proxy != nil, proxyAuthorization: route.proxy?.authorization)
            : SocketHTTPSession.head(for: request, host: route.host)
        while true {
            let current: PooledConnection
            if let connection {
                current = connection
            } else {
                current = try await route.open(deadline: deadline, resuming: pool.session(for: origin), store: pool.sessionStore)
                pool.noteOpened(current)
            }
            connection = current
            var reader = HTTPResponseReader(connection: current.stream, limits: limits)
            let response: HTTPResponse
            do {
                try await sending()
                try await current.stream.send(head + request.body)
                response = try await reading(&reader)
            } catch let error as HTTPTransportError where reused && request.isIdempotent && !reader.receivedAny && error.kind == .connectionLost {
                current.close()
                connection = nil
                reused = false
                continue
            }
            current.exchanges += 1
            if current.exchanges == 1, let tls = current.tls, let session = TLSSession.current(of: tls.ssl) {
                pool.keep(session, for: origin)
                pool.sessionStore?.keep(session, for: origin, from: tls)
            }
            keep = reader.keepsAlive
            if let named = reader.keepAliveTimeout {
                // A second before the server's own limit, so a request does not leave just as it closes.
                idleTimeout = min(idleTimeout, named - min(.seconds(1), named / 2))
            }
            if (300..<400).contains(response.statusCode), response.statusCode != 304 {
                let location = response.headers.first { $0.key.caseInsensitiveEquals("location") }?.value
                throw HTTPTransportError(.redirected(
                    status: response.statusCode, location: location.flatMap { SocketHTTPSession.origin(of: $0, relativeTo: request.url) }
                ))
            }
            return response
        }
    }
}
