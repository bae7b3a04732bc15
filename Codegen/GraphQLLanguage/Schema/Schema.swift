/// A GraphQL schema built from SDL: its named types, root operation types and directives.
///
/// Built-in scalars (`Int`, `Float`, `String`, `Boolean`, `ID`) and directives (`@include`,
/// `@skip`, `@deprecated`, `@specifiedBy`) are always present.
public struct Schema: Sendable, Hashable {
    public internal(set) var types: [String: SchemaType]
    /// Type names in definition order (built-ins first).
    public internal(set) var typeNames: [String]
    public internal(set) var directives: [String: SchemaDirective]
    public internal(set) var queryType: String?
    public internal(set) var mutationType: String?
    public internal(set) var subscriptionType: String?

    /// The names of the scalars every schema has.
    public static let builtInScalars = ["Int", "Float", "String", "Boolean", "ID"]

    /// Parses, builds and validates a schema from one SDL source (the spec's type system rules,
    /// ``TypeSystemValidator``).
    public static func parse(_ sdl: String, sourceName: String) throws(GraphQLDiagnostic) -> Schema {
        let documents = [try Parser.parse(sdl, sourceName: sourceName)]
        let schema = try SchemaBuilder.build(from: documents)
        try TypeSystemValidator.validate(schema, documents: documents)
        return schema
    }

    public subscript(name: String) -> SchemaType? { types[name] }

    /// The root type for an operation kind, when the schema has one.
    public func rootType(for kind: OperationKind) -> SchemaType? {
        let name: String? =
            switch kind {
            case .query: queryType
            case .mutation: mutationType
            case .subscription: subscriptionType
            }
        return name.flatMap { types[$0] }
    }

    /// The object types a value of `type` may have at run time.
    public func possibleTypes(of type: SchemaType) -> Set<String> {
        switch type.kind {
        case .object: [type.name]
        case .union: Set(type.unionMembers)
        case .interface: Set(types.values.filter { $0.kind == .object && $0.interfaces.contains(type.name) }.map(\.name))
        default: []
        }
    }

    /// The named type of a type reference.
    public func type(of reference: TypeReference) -> SchemaType? { types[reference.namedType] }

    /// Types in definition order, excluding built-in scalars.
    public var definedTypes: [SchemaType] {
        typeNames.compactMap { types[$0] }.filter { $0.location != nil }
    }
}
