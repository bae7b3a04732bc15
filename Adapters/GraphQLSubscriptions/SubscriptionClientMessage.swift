import JSON

/// One message to the server, in either subprotocol, written as the text the socket sends: the
/// one place the client's messages are put into JSON (``SubscriptionServerMessage`` reads the
/// server's).
///
/// `ping` and `pong` exist in graphql-transport-ws only and `connection_terminate` in graphql-ws
/// only; each is written the same whichever subprotocol is named, and the client sends it only
/// where its subprotocol has it.
enum SubscriptionClientMessage: Sendable, Equatable {
    /// `connection_init`, with the `authorization` the credentials give (an empty payload without).
    case connectionInit(authorization: String?)
    /// `subscribe` / `start`: operation `id` runs `document` (its `operationName` unless empty,
    /// its `variables` unless there are none).
    case subscribe(id: String, document: String, operationName: String, variables: [String: JSONValue])
    /// `complete` / `stop`: the client ends operation `id`.
    case complete(id: String)
    /// `ping` (graphql-transport-ws).
    case ping
    /// `pong` (graphql-transport-ws), the answer to the server's `ping`.
    case pong
    /// `connection_terminate` (graphql-ws), sent before the client closes the socket.
    case connectionTerminate

    /// The operation graphql-ws's live probe runs, as its own operation `id` (see ``SubscriptionLiveProbes``).
    static func liveProbe(id: String) -> Self {
        .subscribe(id: id, document: SubscriptionLiveProbes.probeDocument, operationName: "LiveProbe", variables: [:])
    }

    /// The message's JSON text in `subprotocol` (keys sorted, compact).
    func encoded(for subprotocol: GraphQLSubscriptionProtocol) -> String {
        JSONWriter.string(json(for: subprotocol))
    }

    private func json(for subprotocol: GraphQLSubscriptionProtocol) -> JSONValue {
        switch self {
        case .connectionInit(let authorization):
            var payload: [String: JSONValue] = [:]
            if let authorization { payload["authorization"] = .string(authorization) }
            return ["type": "connection_init", "payload": .object(payload)]
        case let .subscribe(id, document, operationName, variables):
            var payload: [String: JSONValue] = ["query": .string(document)]
            if !operationName.isEmpty { payload["operationName"] = .string(operationName) }
            if !variables.isEmpty { payload["variables"] = .object(variables) }
            return ["type": .string(subprotocol == .graphQLTransportWS ? "subscribe" : "start"), "id": .string(id), "payload": .object(payload)]
        case .complete(let id):
            return ["type": .string(subprotocol == .graphQLTransportWS ? "complete" : "stop"), "id": .string(id)]
        case .ping: return ["type": "ping"]
        case .pong: return ["type": "pong"]
        case .connectionTerminate: return ["type": "connection_terminate"]
        }
    }
}
