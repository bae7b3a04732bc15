/// Why the server closes a GraphQL WebSocket: the close code (graphql-ws's codes, used for
/// both subprotocols) and the reason text sent with it.
struct WebSocketCloseReason: Error, Sendable, Equatable {
    /// The WebSocket close code.
    var code: UInt16
    /// The close frame's reason (kept short: a close frame carries at most 123 bytes).
    var reason: String

    /// 4400: a message that is not JSON, has no or an unknown `type`, or lacks a field it needs.
    static func invalidMessage(_ detail: String) -> WebSocketCloseReason {
        WebSocketCloseReason(code: 4400, reason: clipped("Invalid message: \(detail)"))
    }

    /// 4401: an operation before the connection was acknowledged.
    static let unauthorized = WebSocketCloseReason(code: 4401, reason: "Unauthorized")

    /// 4403: `connection_init` carried an `authorization` that is not a valid token.
    static let forbidden = WebSocketCloseReason(code: 4403, reason: "Forbidden")

    /// 4406: the client offered neither subprotocol.
    static let subprotocolNotAcceptable = WebSocketCloseReason(
        code: 4406,
        reason: "Subprotocol not acceptable: offer graphql-transport-ws or graphql-ws"
    )

    /// 4408: no `connection_init` in time.
    static let initTimeout = WebSocketCloseReason(code: 4408, reason: "Connection initialisation timeout")

    /// 4409: a `subscribe` whose id is already running.
    static func duplicateID(_ id: String) -> WebSocketCloseReason {
        WebSocketCloseReason(code: 4409, reason: clipped("Subscriber for \(id) already exists"))
    }

    /// 4429: a second `connection_init`.
    static let tooManyInitialisations = WebSocketCloseReason(code: 4429, reason: "Too many initialisation requests")

    /// `text` cut to whole characters of at most 120 UTF-8 bytes (a close frame's reason holds 123).
    static func clipped(_ text: String) -> String {
        var result = ""
        for character in text {
            guard result.utf8.count + character.utf8.count <= 120 else { break }
            result.append(character)
        }
        return result
    }
}
