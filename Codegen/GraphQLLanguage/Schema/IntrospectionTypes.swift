/// The introspection system every schema has (October 2021 spec, section 4): the `__` types
/// and the meta-fields `__typename`, `__schema` and `__type(name:)`.
enum IntrospectionTypes {
    static let sdl = """
        type __Schema { description: String types: [__Type!]! queryType: __Type! mutationType: __Type subscriptionType: __Type directives: [__Directive!]! }
        type __Type {
          kind: __TypeKind! name: String description: String fields(includeDeprecated: Boolean = false): [__Field!]
          interfaces: [__Type!] possibleTypes: [__Type!] enumValues(includeDeprecated: Boolean = false): [__EnumValue!]
          inputFields: [__InputValue!] ofType: __Type specifiedByURL: String
        }
        enum __TypeKind { SCALAR OBJECT INTERFACE UNION ENUM INPUT_OBJECT LIST NON_NULL }
        type __Field { name: String! description: String args: [__InputValue!]! type: __Type! isDeprecated: Boolean! deprecationReason: String }
        type __InputValue { name: String! description: String type: __Type! defaultValue: String }
        type __EnumValue { name: String! description: String isDeprecated: Boolean! deprecationReason: String }
        type __Directive { name: String! description: String locations: [__DirectiveLocation!]! args: [__InputValue!]! isRepeatable: Boolean! }
        enum __DirectiveLocation {
          QUERY MUTATION SUBSCRIPTION FIELD FRAGMENT_DEFINITION FRAGMENT_SPREAD INLINE_FRAGMENT VARIABLE_DEFINITION SCHEMA SCALAR OBJECT
          FIELD_DEFINITION ARGUMENT_DEFINITION INTERFACE UNION ENUM ENUM_VALUE INPUT_OBJECT INPUT_FIELD_DEFINITION
        }
        """

    /// The introspection types, without source positions (they are built in, like `Int`).
    static func types() throws(GraphQLDiagnostic) -> [SchemaType] {
        let document = try Parser.parse(sdl, sourceName: "<introspection>")
        return document.typeSystemDefinitions.compactMap { definition in
            guard case .type(let type) = definition else { return nil }
            var built = SchemaType(name: type.name.value, kind: type.kind.schemaKind)
            built.merge(type.kind)
            for index in built.fields.indices { built.fields[index].location = nil }
            return built
        }
    }

    static let typename = SchemaField(name: "__typename", description: nil, arguments: [], type: .nonNull(.named("String")))
    static let schema = SchemaField(name: "__schema", description: nil, arguments: [], type: .nonNull(.named("__Schema")))
    static let type = SchemaField(
        name: "__type", description: nil, arguments: [SchemaInputValue(name: "name", type: .nonNull(.named("String")))],
        type: .named("__Type")
    )
}

extension Schema {
    /// The field `name` selected on `type`: one of its fields, `__typename` on any composite
    /// type, or `__schema` and `__type(name:)` on the query root.
    public func field(named name: String, on type: SchemaType) -> SchemaField? {
        switch name {
        case "__typename" where type.isComposite: IntrospectionTypes.typename
        case "__schema" where type.name == queryType: IntrospectionTypes.schema
        case "__type" where type.name == queryType: IntrospectionTypes.type
        default: type.field(named: name)
        }
    }

    /// Whether `name` is one of the introspection types (`__Schema`, `__TypeKind`, ...).
    public static func isIntrospectionType(_ name: String) -> Bool { name.hasPrefix("__") }
}
