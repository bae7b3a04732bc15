/// A field of an object or interface type.
public struct SchemaField: Sendable, Hashable {
    public let name: String
    public var description: String?
    public var arguments: [SchemaInputValue]
    public var type: TypeReference
    /// The reason given by `@deprecated`, when deprecated.
    public var deprecationReason: String?
    public var location: SourceLocation?

    public init(
        name: String, description: String? = nil, arguments: [SchemaInputValue] = [], type: TypeReference,
        deprecationReason: String? = nil, location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.location = location
    }

    public func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}

/// An argument of a field or directive, or a field of an input object.
public struct SchemaInputValue: Sendable, Hashable {
    public let name: String
    public var description: String?
    public var type: TypeReference
    public var defaultValue: Value?
    public var deprecationReason: String?

    public init(name: String, description: String? = nil, type: TypeReference, defaultValue: Value? = nil, deprecationReason: String? = nil) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
    }

    /// Whether leaving it out is an error: a non-null type without a default.
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}

/// A value of an enum type.
public struct SchemaEnumValue: Sendable, Hashable {
    public let name: String
    public var description: String?
    public var deprecationReason: String?

    public init(name: String, description: String? = nil, deprecationReason: String? = nil) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
    }
}

/// A directive a schema knows: its arguments and where it may be used.
public struct SchemaDirective: Sendable, Hashable {
    public let name: String
    public var description: String?
    public var arguments: [SchemaInputValue]
    public var locations: Set<DirectiveLocation>
    public var isRepeatable: Bool

    public init(
        name: String, description: String? = nil, arguments: [SchemaInputValue] = [], locations: Set<DirectiveLocation>, isRepeatable: Bool = false
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.locations = locations
        self.isRepeatable = isRepeatable
    }

    public func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}
