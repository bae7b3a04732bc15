/// The fields a composite field selects on objects of some of its possible types: what type
/// conditions (`... on Launch { … }`, a fragment on a narrower type) add, decided by `__typename`.
///
/// ``selections`` is the whole selection for those objects, the field's own selections merged
/// in, so an object is read with exactly one list of fields: its type case's, or the field's.
public struct GraphQLTypeCase: Sendable, Hashable {
    /// The object types (`__typename` values) this case is for; only GraphQL names are kept.
    public let possibleTypes: Set<String>
    /// Every field selected on objects of these types (`__typename` first, added when missing).
    public let selections: [GraphQLField]
    /// The response key of the `id` these selections ask for (an `id` field without
    /// arguments), or `nil`: what identifies these objects in the normalized cache.
    public let identityKey: String?

    public init(possibleTypes: Set<String>, _ selections: [GraphQLField]) {
        self.possibleTypes = possibleTypes.filter(GraphQLName.isValid)
        self.identityKey = selections.first { $0.name == "id" && $0.arguments.isEmpty && $0.selections.isEmpty }?.responseKey
        let hasTypename = selections.contains { $0.name == "__typename" && $0.alias == nil }
        self.selections = hasTypename ? selections : [GraphQLField("__typename")] + selections
    }
}
