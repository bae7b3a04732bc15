/// Checks that every type a schema mentions is defined and of the right kind.
enum SchemaReferenceCheck {
    static func check(_ schema: Schema, documents: [Document]) throws(GraphQLDiagnostic) {
        let sourceName = documents.first?.sourceName ?? "<schema>"
        func fail(_ message: String, _ location: SourceLocation?) -> GraphQLDiagnostic {
            GraphQLDiagnostic(sourceName: sourceName, location: location ?? SourceLocation(line: 1, column: 1), message: message)
        }
        for type in schema.definedTypes {
            for field in type.fields {
                guard let fieldType = schema.type(of: field.type) else {
                    throw fail("Unknown type \"\(field.type.namedType)\" for field \"\(type.name).\(field.name)\".", field.location)
                }
                guard fieldType.isOutputType else {
                    throw fail("The type of \"\(type.name).\(field.name)\" must be an output type but got \"\(field.type)\".", field.location)
                }
                for argument in field.arguments where schema.type(of: argument.type)?.isInputType != true {
                    throw fail(
                        "The type of \"\(type.name).\(field.name)(\(argument.name):)\" must be a defined input type but got \"\(argument.type)\".",
                        field.location
                    )
                }
            }
            for interface in type.interfaces where schema.types[interface]?.kind != .interface {
                throw fail("Type \"\(type.name)\" can only implement interfaces, and \"\(interface)\" is not one.", type.location)
            }
            for member in type.unionMembers where schema.types[member]?.kind != .object {
                throw fail("Union \"\(type.name)\" can only include object types, and \"\(member)\" is not one.", type.location)
            }
            for field in type.inputFields where schema.type(of: field.type)?.isInputType != true {
                throw fail("The type of \"\(type.name).\(field.name)\" must be a defined input type but got \"\(field.type)\".", type.location)
            }
        }
        for (kind, name) in [("query", schema.queryType), ("mutation", schema.mutationType), ("subscription", schema.subscriptionType)] {
            if let name, schema.types[name]?.kind != .object {
                throw fail("The \(kind) root type \"\(name)\" must be a defined object type.", nil)
            }
        }
    }
}
