/// Builds a ``Schema`` from SDL documents: definitions first, then extensions, then checks
/// that every referenced type exists. Errors point at the SDL (`file:line:column`).
enum SchemaBuilder {
    static func build(from documents: [Document]) throws(GraphQLDiagnostic) -> Schema {
        var schema = Schema(types: [:], typeNames: [], directives: [:])
        for name in Schema.builtInScalars {
            schema.types[name] = SchemaType(name: name, kind: .scalar)
            schema.typeNames.append(name)
        }
        for directive in BuiltInDirectives.all { schema.directives[directive.name] = directive }
        for type in try IntrospectionTypes.types() {
            schema.types[type.name] = type
            schema.typeNames.append(type.name)
        }
        var sawSchemaDefinition = false
        for document in documents {
            for case .typeSystem(let definition) in document.definitions {
                let fail = { (message: String, location: SourceLocation) in
                    GraphQLDiagnostic(sourceName: document.sourceName, location: location, message: message)
                }
                switch definition {
                case .type(let type):
                    if let existing = schema.types[type.name.value], existing.location != nil || type.kind != .scalar {
                        throw fail("There can be only one type named \"\(type.name.value)\".", type.name.location)
                    }
                    if schema.types[type.name.value] == nil { schema.typeNames.append(type.name.value) }
                    var built = SchemaType(name: type.name.value, kind: type.kind.schemaKind, description: type.description, location: type.location)
                    built.sourceName = document.sourceName
                    built.merge(type.kind)
                    built.isOneOf = type.directives.contains { $0.name.value == "oneOf" }
                    schema.types[type.name.value] = built
                case .directive(let directive):
                    guard schema.directives[directive.name.value] == nil || BuiltInDirectives.all.contains(where: { $0.name == directive.name.value })
                    else { throw fail("There can be only one directive named \"@\(directive.name.value)\".", directive.name.location) }
                    schema.directives[directive.name.value] = SchemaDirective(
                        name: directive.name.value, description: directive.description, arguments: directive.arguments.map(\.schemaInputValue),
                        locations: Set(directive.locations.compactMap { DirectiveLocation(rawValue: $0.value) }), isRepeatable: directive.isRepeatable
                    )
                case .schema(let definition):
                    if sawSchemaDefinition { throw fail("Must provide only one schema definition.", definition.location) }
                    sawSchemaDefinition = true
                    schema.setRoots(definition.operationTypes)
                case .schemaExtension, .typeExtension:
                    continue
                }
            }
        }
        if !sawSchemaDefinition {
            for (kind, name) in [(OperationKind.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription")]
            where schema.types[name]?.kind == .object {
                schema.setRoots([RootOperationType(operation: kind, type: Name(name, at: SourceLocation(line: 0, column: 0)))])
            }
        }
        for document in documents {
            for case .typeSystem(let definition) in document.definitions {
                switch definition {
                case .typeExtension(let type):
                    guard var existing = schema.types[type.name.value] else {
                        throw GraphQLDiagnostic(
                            sourceName: document.sourceName, location: type.name.location,
                            message: "Cannot extend type \"\(type.name.value)\" because it is not defined."
                        )
                    }
                    guard existing.kind == type.kind.schemaKind else {
                        throw GraphQLDiagnostic(
                            sourceName: document.sourceName, location: type.name.location,
                            message: "Cannot extend non-\(type.kind.schemaKind.rawValue) type \"\(type.name.value)\"."
                        )
                    }
                    existing.merge(type.kind)
                    existing.isOneOf = existing.isOneOf || type.directives.contains { $0.name.value == "oneOf" }
                    schema.types[type.name.value] = existing
                case .schemaExtension(let definition):
                    schema.setRoots(definition.operationTypes)
                default:
                    continue
                }
            }
        }
        try SchemaReferenceCheck.check(schema, documents: documents)
        return schema
    }
}

extension Schema {
    mutating func setRoots(_ roots: [RootOperationType]) {
        for root in roots {
            switch root.operation {
            case .query: queryType = root.type.value
            case .mutation: mutationType = root.type.value
            case .subscription: subscriptionType = root.type.value
            }
        }
    }
}

extension SchemaType {
    /// Adds the fields, members or values of a definition or extension body.
    mutating func merge(_ kind: TypeDefinition.Kind) {
        switch kind {
        case .scalar:
            break
        case .object(let interfaces, let fields), .interface(let interfaces, let fields):
            self.interfaces += interfaces.map(\.value)
            self.fields += fields.map(\.schemaField)
        case .union(let members):
            unionMembers += members.map(\.value)
        case .enumeration(let values):
            enumValues += values.map {
                SchemaEnumValue(name: $0.name.value, description: $0.description, deprecationReason: $0.directives.deprecationReason)
            }
        case .inputObject(let fields):
            inputFields += fields.map(\.schemaInputValue)
        }
    }
}
