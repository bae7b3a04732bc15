/// One argument of a field, or one member of an input object value (``GraphQLObjectMember``):
/// `name: value`.
public struct GraphQLArgument: Sendable, Hashable {
    public let name: String
    public let value: GraphQLInputValue

    public init(_ name: String, _ value: GraphQLInputValue) {
        self.name = name
        self.value = value
    }
}
