import Transport

/// Why the shared connection failed, for every subscription on it: a kind without an operation
/// name. Each stream gets it as a ``GraphQLSubscriptionError`` naming its own operation
/// (``error(for:)``) when it is interrupted or ends.
struct SubscriptionConnectionFailure: Error, Sendable, Hashable {
    var kind: GraphQLSubscriptionError.Kind

    init(_ kind: GraphQLSubscriptionError.Kind) {
        self.kind = kind
    }

    /// The failure that `error`, thrown by the session, a channel or the client's own checks,
    /// stands for; `nil` for a cancellation (the connection was stopped, nothing failed).
    init?(_ error: any Error) {
        switch error {
        case is CancellationError: return nil
        case let failure as SubscriptionConnectionFailure: self = failure
        case let error as HTTPTransportError:
            guard error.kind != .cancelled else { return nil }
            self.init(.transport(error.kind))
        case let error as WebSocketError:
            if case .closedByServer(let code, let reason) = error.kind {
                self.init([4401, 4403].contains(code.rawValue) ? .connectionRefused(code: code, reason: reason) : .closed(code: code, reason: reason))
            } else {
                self.init(.webSocket(error.kind))
            }
        default: self.init(.webSocket(.connectionLost))
        }
    }

    /// What a subscription of `operationName` sees of this failure.
    func error(for operationName: String) -> GraphQLSubscriptionError {
        GraphQLSubscriptionError(operationName: operationName, kind: kind)
    }
}
