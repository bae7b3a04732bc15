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
    /// Writes `bytes` exactly as given (any framing, valid or not), then closes the connection.
    case raw(Data)
    /// Writes `head` (a status line and headers, with their blank line), then body bytes
    /// (`chunked`: as 64 KiB chunks) for as long as the client reads them.
    case endlessBody(head: String, chunked: Bool)
    /// Reads the request, waits until `gate` opens, then plays `behaviour`.
    case held(FaultServerGate, FaultServerBehaviour)
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

    /// An HTTP 200 whose body never ends: no length (`close`-delimited), `chunked`, or a huge
    /// `Content-Length` (`length`) that is never fulfilled.
    public static func endless(_ framing: EndlessFraming) -> FaultServerBehaviour {
        switch framing {
        case .untilClose: .endlessBody(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n", chunked: false)
        case .chunked: .endlessBody(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", chunked: true)
        case .contentLength(let length):
            .endlessBody(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n", chunked: false)
        }
    }

    /// HTTP `status` with an empty body.
    public static func empty(status: Int) -> FaultServerBehaviour {
        .respond(status: status, headers: ["Content-Type": "text/plain"], body: Data())
    }
}

/// How an endless body is framed (see ``FaultServerBehaviour/endless(_:)``).
public enum EndlessFraming: Sendable, CustomStringConvertible {
    case untilClose
    case chunked
    case contentLength(Int)

    public var description: String {
        switch self {
        case .untilClose: "no length"
        case .chunked: "chunked"
        case .contentLength(let length): "Content-Length \(length)"
        }
    }
}
