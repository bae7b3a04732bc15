/// Conversions from SDL syntax to the schema model.
extension TypeDefinition.Kind {
    var schemaKind: SchemaType.Kind {
        switch self {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enumeration: .enumeration
        case .inputObject: .inputObject
        }
    }
}

extension FieldDefinition {
    var schemaField: SchemaField {
        SchemaField(
            name: name.value, description: description, arguments: arguments.map(\.schemaInputValue), type: type,
            deprecationReason: directives.deprecationReason, location: name.location
        )
    }
}

extension InputValueDefinition {
    var schemaInputValue: SchemaInputValue {
        SchemaInputValue(
            name: name.value, description: description, type: type, defaultValue: defaultValue,
            deprecationReason: directives.deprecationReason
        )
    }
}

extension [Directive] {
    /// The `@deprecated` reason, or `nil` when there is no `@deprecated`.
    var deprecationReason: String? {
        guard let directive = first(where: { $0.name.value == "deprecated" }) else { return nil }
        if let reason = directive.arguments.first(where: { $0.name.value == "reason" }), case .string(let text, _) = reason.value.kind {
            return text
        }
        return "No longer supported"
    }
}
