/// A type as written in a variable, argument or field definition: `Name`, `[Type]` or `Type!`.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    case list(TypeReference)
    case nonNull(TypeReference)

    /// The innermost named type.
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { true } else { false }
    }

    /// The type without its outer `!`.
    public var nullable: TypeReference {
        if case .nonNull(let inner) = self { inner } else { self }
    }

    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }
}
