import Foundation
import GraphQL

/// A message from a GraphQL WebSocket client, decoded for one subprotocol.
enum WebSocketClientMessage: Sendable {
    /// `connection_init`, with the `authorization` of its payload (if any).
    case connectionInit(authorization: String?)
    /// `ping` (graphql-transport-ws), with its payload to echo in the `pong`.
    case ping(payload: Map?)
    /// `pong` (graphql-transport-ws): nothing to do.
    case pong
    /// `subscribe` (graphql-transport-ws) or `start` (graphql-ws): run an operation under `id`.
    case subscribe(id: String, request: GraphQLOperationRequest)
    /// `complete` (graphql-transport-ws) or `stop` (graphql-ws): the client ends operation `id`.
    case complete(id: String)
    /// `connection_terminate` (graphql-ws): the client closes the connection.
    case terminate

    /// The longest operation id accepted.
    static let maximumIDLength = 128

    /// Decodes one text message.
    ///
    /// - Throws: `WebSocketCloseReason.invalidMessage` (4400) for anything that is not a message
    ///   of `subprotocol`: bad JSON, not an object, a missing or unknown `type`, a missing or
    ///   too long `id`, a payload of the wrong shape.
    static func decode(_ text: String, subprotocol: WebSocketSubprotocol) throws(WebSocketCloseReason) -> WebSocketClientMessage {
        let decoded: Map
        do {
            decoded = try JSONDecoder().decode(VariableJSON.self, from: Data(text.utf8)).map
        } catch {
            throw .invalidMessage("not JSON")
        }
        guard case .dictionary(let object) = decoded else {
            throw .invalidMessage("not a JSON object")
        }
        guard case .string(let type)? = object["type"] else {
            throw .invalidMessage("missing \"type\"")
        }
        let payload = object["payload"]
        switch (type, subprotocol) {
        case ("connection_init", _):
            return .connectionInit(authorization: try authorization(in: payload))
        case ("ping", .graphQLTransportWS):
            return .ping(payload: payload)
        case ("pong", .graphQLTransportWS):
            return .pong
        case ("subscribe", .graphQLTransportWS), ("start", .graphQLWS):
            let id = try operationID(object["id"])
            do {
                return .subscribe(id: id, request: try GraphQLOperationRequest.fromMap(payload ?? .null))
            } catch {
                throw .invalidMessage("bad payload for \(id)")
            }
        case ("complete", .graphQLTransportWS), ("stop", .graphQLWS):
            return .complete(id: try operationID(object["id"]))
        case ("connection_terminate", .graphQLWS):
            return .terminate
        default:
            throw .invalidMessage("unexpected type \"\(type.prefix(40))\"")
        }
    }

    private static func operationID(_ value: Map?) throws(WebSocketCloseReason) -> String {
        guard case .string(let id)? = value, !id.isEmpty, id.utf8.count <= maximumIDLength else {
            throw .invalidMessage("missing or invalid \"id\"")
        }
        return id
    }

    /// The `authorization` (or `Authorization`) string of a `connection_init` payload.
    private static func authorization(in payload: Map?) throws(WebSocketCloseReason) -> String? {
        switch payload {
        case nil, .null?, .undefined?:
            return nil
        case .dictionary(let fields)?:
            switch fields["authorization"] ?? fields["Authorization"] {
            case nil, .null?, .undefined?:
                return nil
            case .string(let value)?:
                return value
            default:
                throw .invalidMessage("\"authorization\" must be a string")
            }
        default:
            throw .invalidMessage("connection_init payload must be an object")
        }
    }
}
