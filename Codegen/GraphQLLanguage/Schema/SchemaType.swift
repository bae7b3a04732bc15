/// A named type of a schema, with its fields, members or values merged from its definition and extensions.
public struct SchemaType: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case scalar = "scalar", object = "type", interface = "interface", union = "union"
        case enumeration = "enum", inputObject = "input"
    }

    public let name: String
    public var kind: Kind
    public var description: String?
    /// Fields of an object or interface, in definition order.
    public var fields: [SchemaField] = []
    /// Interfaces an object or interface implements.
    public var interfaces: [String] = []
    /// Members of a union.
    public var unionMembers: [String] = []
    /// Values of an enum, in definition order.
    public var enumValues: [SchemaEnumValue] = []
    /// Fields of an input object, in definition order.
    public var inputFields: [SchemaInputValue] = []
    /// Whether an input object is a OneOf Input Object (`@oneOf`): a value gives exactly one
    /// field, and not `null`.
    public var isOneOf = false
    /// Where it is defined (`nil` for built-in scalars).
    public var location: SourceLocation?
    /// The source it is defined in (`nil` for built-ins).
    public var sourceName: String?

    public init(name: String, kind: Kind, description: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.kind = kind
        self.description = description
        self.location = location
    }

    /// The field named `name` of an object or interface.
    public func field(named name: String) -> SchemaField? { fields.first { $0.name == name } }

    /// The input field named `name` of an input object.
    public func inputField(named name: String) -> SchemaInputValue? { inputFields.first { $0.name == name } }

    /// Scalars and enums: values with no selection set.
    public var isLeaf: Bool { kind == .scalar || kind == .enumeration }
    /// Objects, interfaces and unions: values that need a selection set.
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }
    /// Types allowed for variables and arguments.
    public var isInputType: Bool { kind == .scalar || kind == .enumeration || kind == .inputObject }
    /// Types allowed for fields.
    public var isOutputType: Bool { kind != .inputObject }
    /// Interfaces and unions.
    public var isAbstract: Bool { kind == .interface || kind == .union }
}
