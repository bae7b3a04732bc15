import GraphQLLanguage

/// Spells GraphQL types as Swift types: `String!` → `Swift.String`, `[Launch]!` → `[Launch?]`.
struct SwiftTypeMapper {
    let schema: Schema
    let configuration: CodegenConfiguration
    /// The top-level types the generated code names (every fragment's struct, the schema's
    /// enums and input objects): a nested struct named like one would hide it from the code
    /// inside, so nested structs and typed accessors never take these names.
    var topLevelTypeNames: Set<String> = []

    init(schema: Schema, configuration: CodegenConfiguration, fragmentNames: some Sequence<String> = []) {
        self.schema = schema
        self.configuration = configuration
        let schemaTypes = schema.typeNames.filter { [.enumeration, .inputObject].contains(schema.types[$0]?.kind) }
        topLevelTypeNames = Set(fragmentNames).union(schemaTypes)
    }

    /// The Swift type of a named scalar or enum or input object.
    func named(_ name: String) -> String {
        switch name {
        case "Int": "Swift.Int"
        case "Float": "Swift.Double"
        case "String", "ID": "Swift.String"
        case "Boolean": "Swift.Bool"
        default:
            if schema.types[name]?.kind == .scalar { configuration.scalarTypes[name] ?? "Swift.String" } else { name }
        }
    }

    /// The Swift type of `reference`; `composite` names the struct used for an object type.
    func swiftType(_ reference: TypeReference, composite: String? = nil) -> String {
        switch reference {
        case .nonNull(let inner): nonOptional(inner, composite: composite)
        default: nonOptional(reference, composite: composite) + "?"
        }
    }

    private func nonOptional(_ reference: TypeReference, composite: String?) -> String {
        switch reference {
        case .nonNull(let inner): nonOptional(inner, composite: composite)
        case .list(let inner): "[" + swiftType(inner, composite: composite) + "]"
        case .named(let name): schema.types[name]?.isComposite == true ? (composite ?? name) : named(name)
        }
    }
}
