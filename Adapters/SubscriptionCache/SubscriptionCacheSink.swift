import GraphQLClient
import GraphQLSubscriptions
import NormalizedCache

/// Writes subscription events to the normalized cache (the subscription client's `eventSink`).
///
/// An event's data is normalized as a mutation's answer is (the subscription's selections as a
/// `mutation`): objects with an identity update their records, so the watches that read them
/// yield; the root fields land under the mutation root, which no query reads. An event with no
/// object in it (the tutorial's `tripsBooked: Int`) has nothing to normalize and is not written,
/// so a flood of scalar events costs the cache nothing. Data that does not normalize (an
/// identity its path does not give) is not written; the event is still passed on.
public enum SubscriptionCacheSink {
    /// The sink that writes to `cache`.
    public static func writing(to cache: NormalizedCache) -> GraphQLSubscriptionClient.EventSink {
        { operation, data, variables in
            guard data.values.contains(where: { $0.objectValue != nil || $0.arrayValue != nil }) else { return }
            let asWritten = GraphQLOperation(
                .mutation, name: operation.name, variableList: operation.variableDefinitions.map { ($0.name, $0.type) },
                selections: operation.selections
            )
            try? await cache.write(data, for: asWritten, variables: variables)
        }
    }
}
