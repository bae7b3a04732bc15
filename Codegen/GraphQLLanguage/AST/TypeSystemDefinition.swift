/// A type system definition or extension in SDL.
public enum TypeSystemDefinition: Sendable, Hashable {
    case schema(SchemaDefinition)
    case type(TypeDefinition)
    case directive(DirectiveDefinition)
    case schemaExtension(SchemaDefinition)
    case typeExtension(TypeDefinition)
}

/// `schema { query: Query ... }`, or `extend schema ...`.
public struct SchemaDefinition: Sendable, Hashable {
    public var description: String?
    public var directives: [Directive]
    public var operationTypes: [RootOperationType]
    public var location: SourceLocation
}

/// `query: Query` inside a schema definition.
public struct RootOperationType: Sendable, Hashable {
    public var operation: OperationKind
    public var type: Name
}

/// `directive @name(args) repeatable on LOCATION | ...`.
public struct DirectiveDefinition: Sendable, Hashable {
    public var description: String?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    public var locations: [Name]
    public var location: SourceLocation
}
