import Foundation

/// How a ``FaultServer`` answers one request.
public indirect enum FaultServerBehaviour: Sendable {
    /// A complete HTTP answer. `Content-Length` is always the body's length; `Content-Type`
    /// defaults to `application/json` unless `headers` names one.
    case respond(status: Int, headers: [String: String] = [:], body: Data)
    /// Headers announcing the whole body, half of it, then an abortive close (RST, `SO_LINGER` 0).
    case resetMidBody
    /// Reads the request, then closes the connection without writing anything.
    case closeWithoutAnswer
    /// Reads the request and holds the connection open, silent, until the server stops.
    case neverAnswer
    /// HTTP 200 with a valid GraphQL `LaunchDetails` answer whose `site` is about `megabytes` MB long.
    case hugeBody(megabytes: Int)
    /// Chooses the behaviour from the request (for example by GraphQL operation).
    case decide(@Sendable (FaultServerRequest) -> FaultServerBehaviour)

    /// HTTP `status` with `text` as a JSON body.
    public static func json(_ text: String, status: Int = 200) -> FaultServerBehaviour {
        .respond(status: status, body: Data(text.utf8))
    }

    /// HTTP `status` with an HTML body, as a proxy or load balancer sends.
    public static func html(status: Int) -> FaultServerBehaviour {
        let page = "<html><head><title>\(status)</title></head><body><h1>\(status) Error</h1><p>upstream failed</p></body></html>"
        return .respond(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(page.utf8))
    }

    /// HTTP `status` with an empty body.
    public static func empty(status: Int) -> FaultServerBehaviour {
        .respond(status: status, headers: ["Content-Type": "text/plain"], body: Data())
    }
}
