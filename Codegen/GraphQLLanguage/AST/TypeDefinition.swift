/// A named type's definition (or extension): scalar, object, interface, union, enum or input object.
public struct TypeDefinition: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case scalar
        case object(interfaces: [Name], fields: [FieldDefinition])
        case interface(interfaces: [Name], fields: [FieldDefinition])
        case union(members: [Name])
        case enumeration(values: [EnumValueDefinition])
        case inputObject(fields: [InputValueDefinition])
    }

    public var description: String?
    public var name: Name
    public var directives: [Directive]
    public var kind: Kind
    /// Where the definition starts (its description, or its keyword).
    public var location: SourceLocation
}

/// `name(args): Type @directives` in an object or interface.
public struct FieldDefinition: Sendable, Hashable {
    public var description: String?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
}

/// `name: Type = default @directives`: an argument or an input object field.
public struct InputValueDefinition: Sendable, Hashable {
    public var description: String?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
}

/// `NAME @directives` in an enum.
public struct EnumValueDefinition: Sendable, Hashable {
    public var description: String?
    public var name: Name
    public var directives: [Directive]
}
