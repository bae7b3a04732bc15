import Foundation

/// A plain HTTP/1.1 client over POSIX sockets, for `http://` URLs only.
///
/// Each request opens one connection (`Connection: close`), runs on a thread of its own off the
/// Swift concurrency pool, and stops promptly when its task is cancelled or its timeout passes.
/// Unlike `URLSession` on Linux it loads neither libcurl nor OpenSSL, so a CLI run pays for
/// nothing but the socket calls. Header values, the `Authorization` header included, are only
/// ever written to the socket.
public struct SocketHTTPSession: HTTPSession {
    /// How large an answer may be (body, head, header count); see ``HTTPResponseLimits``.
    public let limits: HTTPResponseLimits

    public init(limits: HTTPResponseLimits = HTTPResponseLimits()) {
        self.limits = limits
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.url.scheme?.lowercased() == "http", let rawHost = request.url.host, !rawHost.isEmpty else {
            // URLError.unsupportedURL, so the message matches what URLSession reported.
            throw HTTPTransportError(.other(code: -1002))
        }
        let host = rawHost.hasPrefix("[") && rawHost.hasSuffix("]") ? String(rawHost.dropFirst().dropLast()) : rawHost
        let port = request.url.port ?? 80
        let head = Self.head(for: request, host: host)
        let deadline = ContinuousClock.now + request.timeout
        let limits = self.limits
        return try await BlockingCall.run { call in
            let connection = try SocketConnection.connect(host: host, port: port, call: call, deadline: deadline)
            defer { connection.close() }
            try connection.send(head + request.body)
            var reader = HTTPResponseReader(connection: connection, limits: limits)
            return try reader.read(method: request.method)
        }
    }

    /// The request line and headers, ending with the blank line.
    static func head(for request: HTTPRequest, host: String) -> Data {
        var path = request.url.path(percentEncoded: true)
        if path.isEmpty { path = "/" }
        if let query = request.url.query(percentEncoded: true) { path += "?" + query }
        var hostHeader = host.contains(":") ? "[\(host)]" : host
        if let port = request.url.port { hostHeader += ":\(port)" }
        var text = "\(request.method) \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\n"
        let fixed = ["host", "content-length", "connection"]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key })
        where !fixed.contains(where: { name.caseInsensitiveEquals($0) }) {
            // A header value must not end the line early.
            let clean = value.filter { $0 != "\r" && $0 != "\n" }
            text += "\(name): \(clean)\r\n"
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil { text += "Content-Type: application/json\r\n" }
        text += "Content-Length: \(request.body.count)\r\nConnection: close\r\n\r\n"
        return Data(text.utf8)
    }
}
