import GraphQL

/// Resolvers of the `Subscription` root fields: each event is the root value of one execution
/// of the subscription's document, so a field resolves to that event.
enum SubscriptionResolvers {
    /// Field name → resolver.
    static let fields: [String: GraphQLFieldResolve] = [
        "tripsBooked": { source, _, _, _ in
            source as? Int
        }
    ]
}
