/// The two GraphQL-over-WebSocket subprotocols the client offers, in order of preference.
public enum GraphQLSubscriptionProtocol: String, Sendable, Hashable, CaseIterable {
    /// The graphql-ws library's protocol (`subscribe`/`next`/`complete`, `ping`/`pong`).
    case graphQLTransportWS = "graphql-transport-ws"
    /// subscriptions-transport-ws's legacy protocol (`start`/`data`/`stop`, `ka`), which the hosted tutorial server speaks.
    case graphQLWS = "graphql-ws"
}

extension GraphQLSubscriptionProtocol {
    /// The subprotocols to offer, in order: `preferred` first when it is among `allowed`.
    static func offer(_ allowed: [GraphQLSubscriptionProtocol], preferring preferred: GraphQLSubscriptionProtocol?) -> [GraphQLSubscriptionProtocol] {
        guard let preferred, allowed.contains(preferred) else { return allowed }
        return [preferred] + allowed.filter { $0 != preferred }
    }
}
