/// A named text: a `.graphql` document or a `.graphqls` schema, named for diagnostics.
public struct GraphQLSource: Sendable, Equatable {
    /// The name diagnostics use, usually the path as given.
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
