import Foundation
import GraphQL

/// A message the server sends over a GraphQL WebSocket, written for one subprotocol.
enum WebSocketServerMessage: Sendable {
    /// `connection_ack`.
    case connectionAck
    /// `ka` (graphql-ws only).
    case keepAlive
    /// `pong` (graphql-transport-ws), echoing the ping's payload.
    case pong(payload: Map?)
    /// `next` (graphql-transport-ws) or `data` (graphql-ws): one execution result as JSON.
    case next(id: String, result: Data)
    /// `error`: the operation's errors as a JSON array; the operation is over.
    case error(id: String, errors: Data)
    /// `complete`: the server ended the operation.
    case complete(id: String)
    /// `connection_error` (graphql-ws): why the connection is refused or closed.
    case connectionError(message: String)

    /// The message's JSON text in `subprotocol`.
    func text(for subprotocol: WebSocketSubprotocol) -> String {
        let legacy = subprotocol == .graphQLWS
        switch self {
        case .connectionAck:
            return #"{"type":"connection_ack"}"#
        case .keepAlive:
            return #"{"type":"ka"}"#
        case .pong(let payload):
            guard let payload, let encoded = Self.encode(payload) else {
                return #"{"type":"pong"}"#
            }
            return #"{"type":"pong","payload":"# + encoded + "}"
        case .next(let id, let result):
            return #"{"type":""# + (legacy ? "data" : "next") + #"","id":"# + Self.quoted(id) + #","payload":"#
                + String(decoding: result, as: UTF8.self) + "}"
        case .error(let id, let errors):
            return #"{"type":"error","id":"# + Self.quoted(id) + #","payload":"# + String(decoding: errors, as: UTF8.self) + "}"
        case .complete(let id):
            return #"{"type":"complete","id":"# + Self.quoted(id) + "}"
        case .connectionError(let message):
            return #"{"type":"connection_error","payload":{"message":"# + Self.quoted(message) + "}}"
        }
    }

    /// A string as a JSON string literal.
    static func quoted(_ text: String) -> String {
        encode(.string(text)) ?? #""""#
    }

    private static func encode(_ value: Map) -> String? {
        let encoder = GraphQLJSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
