/// Whether an operation reads, writes or subscribes.
public enum OperationKind: String, Sendable, Hashable, CaseIterable {
    case query, mutation, subscription
}

/// `query Name($var: Type = default) @directive { ... }`, or the `{ ... }` shorthand.
public struct OperationDefinition: Sendable, Hashable {
    public var kind: OperationKind
    /// `nil` for an anonymous operation.
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    /// Where the definition starts (its keyword, or `{` for the shorthand).
    public var location: SourceLocation
}

/// `$name: Type = default @directive` in an operation's variable list.
public struct VariableDefinition: Sendable, Hashable {
    /// The variable's name, without `$`; its location is the `$`.
    public var variable: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
}

/// `fragment Name on Type @directive { ... }`.
public struct FragmentDefinition: Sendable, Hashable {
    public var name: Name
    public var typeCondition: Name
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: SourceLocation
}
