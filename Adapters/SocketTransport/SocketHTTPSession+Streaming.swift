import Transport
import HTTPWire
import SocketEventLoop

extension SocketHTTPSession: HTTPStreamingSession {
    /// Sends the request like ``send(_:)`` and hands the answer to `receiving` as it arrives:
    /// the head (after the redirect check: a 3xx is still
    /// ``HTTPTransportError/Kind/redirected(status:location:)``), then each piece of the body.
    ///
    /// The connection goes back to the pool only once the whole body was read; an error
    /// `receiving` throws, a cancellation or the timeout closes it. A request is sent again on
    /// a new connection (when idempotent) only while no byte of an answer arrived, so nothing is
    /// ever handed over twice.
    public func send(_ request: HTTPRequest, receiving: @Sendable (HTTPStreamPiece) async throws -> Void) async throws {
        let route = try route(for: request)
        let deadline = ContinuousClock.now + request.timeout
        let witness = HTTPSendWitness.current
        witness?.sessionWillReport()
        try Task.checkCancellation()
        _ = try await EventLoop.leastBusy().run {
            let lease = try await pool.acquire(route.origin, deadline: deadline)
            let exchange = PooledExchange(request: request, route: route, pool: pool, limits: limits, deadline: deadline)
            return try await exchange.run(
                lease,
                sending: {
                    try Task.checkCancellation()
                    witness?.beginSending()
                },
                reading: { reader in
                    try await reader.stream(method: request.method) { head in
                        try Self.refuseRedirect(head, of: request)
                        try await receiving(.head(head))
                    } body: { piece in
                        try await receiving(.body(piece))
                    }
                }
            )
        }
    }

    /// Throws ``HTTPTransportError/Kind/redirected(status:location:)`` for a 3xx answer other than 304.
    static func refuseRedirect(_ response: HTTPResponse, of request: HTTPRequest) throws {
        guard (300..<400).contains(response.statusCode), response.statusCode != 304 else { return }
        let location = response.headers.first { $0.key.caseInsensitiveEquals("location") }?.value
        throw HTTPTransportError(.redirected(status: response.statusCode, location: location.flatMap { origin(of: $0, relativeTo: request.url) }))
    }
}
