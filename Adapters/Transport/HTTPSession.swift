/// The HTTP seam: sends one request and returns the whole answer.
///
/// The client ships ``SocketHTTPSession`` (`http://` and `https://`, in-process); the
/// `GraphQLURLSession` module makes `URLSession` conform (for example on Apple platforms);
/// tests pass a stub. Failures are thrown as ``HTTPTransportError`` (or
/// `CancellationError`). The method is not called `data(for:)` so that it never competes with
/// `URLSession`'s own overloads at call sites.
public protocol HTTPSession: Sendable {
    /// Sends the request and waits for the whole answer.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends the request as ``send(_:)`` does, writing nothing of it before `ready` has
    /// returned; a session may connect (and secure the connection) meanwhile. The default
    /// waits for `ready`, then sends.
    func send(_ request: HTTPRequest, once ready: @Sendable () async -> Void) async throws -> HTTPResponse
}

extension HTTPSession {
    public func send(_ request: HTTPRequest, once ready: @Sendable () async -> Void) async throws -> HTTPResponse {
        await ready()
        return try await send(request)
    }
}
