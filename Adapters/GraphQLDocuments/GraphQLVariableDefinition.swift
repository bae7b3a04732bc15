/// The declaration of one operation variable: `$name: Type`.
public struct GraphQLVariableDefinition: Sendable, Hashable {
    public let name: String
    /// The GraphQL type, e.g. `ID!` or `[ID]!`.
    public let type: String
}
