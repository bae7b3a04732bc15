import Transport

/// One open socket and the subprotocol the server picked on it: what the client's messages are
/// sent on, each written for that subprotocol.
struct SubscriptionChannel: Sendable {
    let socket: any WebSocketChannel
    let subprotocol: GraphQLSubscriptionProtocol

    /// Sends `message` as this subprotocol writes it.
    func send(_ message: SubscriptionClientMessage) async throws {
        try await socket.send(.text(message.encoded(for: subprotocol)))
    }
}
