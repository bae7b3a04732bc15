import HTTPTypes
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The WebSocket side of `/graphql`: picks the subprotocol from `Sec-WebSocket-Protocol` and
/// runs a ``GraphQLWebSocketConnection`` on the upgraded socket.
enum WebSocketEndpoint {
    /// The server builder: HTTP/1.1 for everything, with upgrades to WebSocket on `/graphql`.
    static func serverBuilder(service: GraphQLService, limits: WebSocketLimits, behaviour: WebSocketBehaviour = .reference) -> HTTPServerBuilder {
        .http1WebSocketUpgrade(
            configuration: HTTP1WebSocketUpgradeChannel.Configuration(
                ws: WebSocketServerConfiguration(maxFrameSize: limits.maximumMessageBytes)
            )
        ) { request, _, _ in
            switch behaviour {
            case .reference: shouldUpgrade(request, service: service, limits: limits)
            case .hosted: shouldUpgradeAsHosted(request, service: service, limits: limits)
            }
        }
    }

    /// Upgrades a request for `/graphql`; an upgrade on any other path is refused (400).
    ///
    /// The first offered subprotocol the server speaks is chosen, in the client's order. A client
    /// that offers neither is upgraded without one and closed at once with 4406, naming both.
    static func shouldUpgrade(
        _ request: HTTPRequest,
        service: GraphQLService,
        limits: WebSocketLimits
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard isGraphQLPath(request) else {
            return .dontUpgrade
        }
        let chosen = WebSocketSubprotocol.choose(offered: request.headerFields[values: .secWebSocketProtocol])
        var headers = HTTPFields()
        if let chosen {
            headers[.secWebSocketProtocol] = chosen.rawValue
        }
        return .upgrade(headers) { inbound, outbound, _ in
            let sink = WebSocketWriterSink(writer: outbound)
            guard let chosen else {
                let reason = WebSocketCloseReason.subprotocolNotAcceptable
                try await sink.close(code: reason.code, reason: reason.reason)
                return
            }
            let connection = GraphQLWebSocketConnection(subprotocol: chosen, service: service, limits: limits, sink: sink)
            try await connection.serve(WebSocketIncomingMessages(base: inbound.messages(maxSize: limits.maximumMessageBytes)))
        }
    }

    /// Upgrades as the hosted tutorial server does: the first offered subprotocol is echoed
    /// whatever it is; unless it is `graphql-ws`, the socket is closed with 1002 right after the
    /// handshake. Unknown tokens in `connection_init` are anonymous.
    static func shouldUpgradeAsHosted(
        _ request: HTTPRequest,
        service: GraphQLService,
        limits: WebSocketLimits
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard isGraphQLPath(request) else {
            return .dontUpgrade
        }
        let first = request.headerFields[values: .secWebSocketProtocol]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first
        var headers = HTTPFields()
        if let first {
            headers[.secWebSocketProtocol] = first
        }
        return .upgrade(headers) { inbound, outbound, _ in
            let sink = WebSocketWriterSink(writer: outbound)
            guard first == WebSocketSubprotocol.graphQLWS.rawValue else {
                try await sink.close(code: 1002, reason: "")
                return
            }
            let connection = GraphQLWebSocketConnection(
                subprotocol: .graphQLWS, service: service, limits: limits, sink: sink, unknownTokensAreAnonymous: true
            )
            try await connection.serve(WebSocketIncomingMessages(base: inbound.messages(maxSize: limits.maximumMessageBytes)))
        }
    }

    /// Whether the request is for `/graphql` (a query string aside): the only path upgraded.
    static func isGraphQLPath(_ request: HTTPRequest) -> Bool {
        request.path?.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first == "/graphql"
    }
}
