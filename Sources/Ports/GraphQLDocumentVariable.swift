/// One variable's value, as the user typed it (coerced later by its declared type).
public struct GraphQLDocumentVariable: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
