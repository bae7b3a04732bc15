/// Where the client keeps which subprotocol its endpoint last acknowledged, so the next process
/// offers that one first (the normalized cache's database, in the CLI).
///
/// A server such as the hosted tutorial server (subscriptions-transport-ws) takes the first
/// subprotocol offered even when it cannot speak it, then closes with 1002: remembering what
/// worked saves every later process that failed attempt.
public struct SubscriptionProtocolMemory: Sendable {
    /// The subprotocol last acknowledged, if one is known.
    public var recall: @Sendable () async -> GraphQLSubscriptionProtocol?
    /// Notes the subprotocol just acknowledged (called only when it differs from what was recalled).
    public var remember: @Sendable (GraphQLSubscriptionProtocol) async -> Void

    public init(
        recall: @escaping @Sendable () async -> GraphQLSubscriptionProtocol?,
        remember: @escaping @Sendable (GraphQLSubscriptionProtocol) async -> Void
    ) {
        self.recall = recall
        self.remember = remember
    }
}
