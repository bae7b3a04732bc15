/// A parsed GraphQL document: executable definitions, type system definitions, or both.
public struct Document: Sendable, Hashable {
    /// The name of the source it was parsed from, usually a path; used in error messages.
    public let sourceName: String
    public var definitions: [Definition]

    public init(sourceName: String, definitions: [Definition]) {
        self.sourceName = sourceName
        self.definitions = definitions
    }

    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let operation) = $0 { operation } else { nil } }
    }

    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let fragment) = $0 { fragment } else { nil } }
    }

    public var typeSystemDefinitions: [TypeSystemDefinition] {
        definitions.compactMap { if case .typeSystem(let definition) = $0 { definition } else { nil } }
    }
}

/// One top-level definition of a document.
public enum Definition: Sendable, Hashable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case typeSystem(TypeSystemDefinition)
}
