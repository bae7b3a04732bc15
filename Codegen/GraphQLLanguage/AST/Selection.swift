/// `{ ... }`: the selections of an operation, fragment or field.
public struct SelectionSet: Sendable, Hashable {
    public var selections: [Selection]
    /// Where `{` is.
    public var location: SourceLocation
}

/// One member of a selection set.
public enum Selection: Sendable, Hashable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var location: SourceLocation {
        switch self {
        case .field(let field): field.location
        case .fragmentSpread(let spread): spread.location
        case .inlineFragment(let fragment): fragment.location
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let field): field.directives
        case .fragmentSpread(let spread): spread.directives
        case .inlineFragment(let fragment): fragment.directives
        }
    }
}

/// `alias: name(arguments) @directives { ... }`.
public struct Field: Sendable, Hashable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    /// Where the field starts (its alias, or its name).
    public var location: SourceLocation

    /// The key of this field's value in a response: the alias when there is one, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// `...FragmentName @directives`.
public struct FragmentSpread: Sendable, Hashable {
    public var name: Name
    public var directives: [Directive]
    public var location: SourceLocation
}

/// `... on Type @directives { ... }`; the type condition is optional.
public struct InlineFragment: Sendable, Hashable {
    public var typeCondition: Name?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: SourceLocation
}

/// `name: value`, in a field's or directive's argument list.
public struct Argument: Sendable, Hashable {
    public var name: Name
    public var value: Value
}

/// `@name(arguments)`.
public struct Directive: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    /// Where `@` is.
    public var location: SourceLocation
}

extension SelectionSet {
    /// Every fragment spread in this selection set, including nested fields and inline fragments.
    public var spreads: [FragmentSpread] {
        selections.flatMap { selection -> [FragmentSpread] in
            switch selection {
            case .field(let field): field.selectionSet?.spreads ?? []
            case .fragmentSpread(let spread): [spread]
            case .inlineFragment(let fragment): fragment.selectionSet.spreads
            }
        }
    }
}
