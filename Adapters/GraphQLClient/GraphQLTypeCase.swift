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

    public init(possibleTypes: Set<String>, _ selections: [GraphQLField]) {
        self.possibleTypes = possibleTypes.filter(GraphQLName.isValid)
        let hasTypename = selections.contains { $0.name == "__typename" && $0.alias == nil }
        self.selections = hasTypename ? selections : [GraphQLField("__typename")] + selections
    }
}
