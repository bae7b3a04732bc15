import AsyncHTTPClient
import Foundation
import Transport
import NIOCore

/// AsyncHTTPClient behind the HTTP seam: the request's method, headers and body as given, the
/// answer collected whole (at most 16 MiB). Errors pass through as AsyncHTTPClient throws them;
/// the benchmark only counts them.
struct AsyncHTTPClientSession: HTTPSession {
    let client: HTTPClient

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .init(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        let (seconds, attoseconds) = request.timeout.components
        let timeout = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        let response = try await client.execute(outgoing, timeout: timeout)
        let body = try await response.body.collect(upTo: 16 << 20)
        var headers: [String: String] = [:]
        for (name, value) in response.headers { headers[name] = value }
        return HTTPResponse(statusCode: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
    }
}
