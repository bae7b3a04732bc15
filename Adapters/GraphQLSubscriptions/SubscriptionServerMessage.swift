#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import JSON

/// One message from the server, in either subprotocol, checked before anything acts on it.
enum SubscriptionServerMessage: Sendable, Equatable {
    /// `connection_ack`.
    case acknowledged
    /// `ka` (graphql-ws): the connection is alive.
    case keepAlive
    /// `pong` (graphql-transport-ws): the connection is alive, and (when solicited) the server
    /// has read every message sent before the ping it answers.
    case pong
    /// `ping` (graphql-transport-ws): answer with `pong`.
    case ping
    /// `next` / `data`: one event of operation `id`, its `data` (absent or `null` → `nil`) and errors.
    case event(id: String, data: [String: JSONValue]?, errors: [GraphQLError])
    /// `error`: the server ended operation `id` with these errors.
    case error(id: String, errors: [GraphQLError])
    /// `complete`: the server ended operation `id`.
    case complete(id: String)
    /// `connection_error` (graphql-ws): the server refused the connection.
    case connectionError(String)

    /// Parses a text message of `subprotocol`; throws ``GraphQLSubscriptionError/Kind/malformedMessage(_:)`` for anything else.
    init(_ text: String, subprotocol: GraphQLSubscriptionProtocol) throws(SubscriptionConnectionFailure) {
        guard let value = try? JSONParser.parse(Data(text.utf8)), case .object(let object) = value else {
            throw SubscriptionConnectionFailure(.malformedMessage("not a JSON object"))
        }
        guard let type = object["type"]?.stringValue else { throw SubscriptionConnectionFailure(.malformedMessage("no message type")) }
        let id = object["id"]?.stringValue
        switch (type, subprotocol) {
        case ("connection_ack", _): self = .acknowledged
        case ("ka", .graphQLWS): self = .keepAlive
        case ("pong", .graphQLTransportWS): self = .pong
        case ("ping", .graphQLTransportWS): self = .ping
        case ("next", .graphQLTransportWS), ("data", .graphQLWS):
            guard let id else { throw SubscriptionConnectionFailure(.malformedMessage("an event without an id")) }
            guard case .object(let payload)? = object["payload"] else { throw SubscriptionConnectionFailure(.malformedMessage("an event without a payload")) }
            let data: [String: JSONValue]?
            switch payload["data"] {
            case nil, .null?: data = nil
            case .object(let object)?: data = object
            default: throw SubscriptionConnectionFailure(.malformedMessage("an event whose data is not an object"))
            }
            self = .event(id: id, data: data, errors: Self.errors(in: payload["errors"]))
        case ("error", _):
            guard let id else { throw SubscriptionConnectionFailure(.malformedMessage("an error without an id")) }
            self = .error(id: id, errors: Self.errors(in: object["payload"]))
        case ("complete", _):
            guard let id else { throw SubscriptionConnectionFailure(.malformedMessage("a complete without an id")) }
            self = .complete(id: id)
        case ("connection_error", .graphQLWS):
            self = .connectionError(object["payload"]?["message"]?.stringValue ?? "")
        default:
            throw SubscriptionConnectionFailure(.malformedMessage("an unexpected message type"))
        }
    }

    /// GraphQL errors from an `errors` array, a single error object, or anything else (one error without a message).
    private static func errors(in value: JSONValue?) -> [GraphQLError] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?: return items.map(error(from:))
        case let item?: return [error(from: item)]
        }
    }

    private static func error(from value: JSONValue) -> GraphQLError {
        let message = value["message"]?.stringValue ?? "no message"
        let path = value["path"]?.arrayValue?.map { $0.stringValue ?? $0.intValue.map(String.init) ?? "" } ?? []
        return GraphQLError(message: String(message.prefix(500)), path: path, code: value["extensions"]?["code"]?.stringValue)
    }
}
