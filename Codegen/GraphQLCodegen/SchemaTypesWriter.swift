import GraphQLLanguage

/// Writes the schema's enums (with `unknown(String)`) and input objects, and the introspection
/// enums (`__TypeKind`, `__DirectiveLocation`) for operations that introspect.
struct SchemaTypesWriter {
    let mapper: SwiftTypeMapper

    func write(into writer: inout SwiftWriter) {
        let introspectionEnums = mapper.schema.typeNames.filter(Schema.isIntrospectionType).compactMap { mapper.schema.types[$0] }
        for type in mapper.schema.definedTypes + introspectionEnums where type.kind == .enumeration {
            writer.line()
            writeEnum(type, into: &writer)
        }
        // Schema validation refuses a cycle through non-null fields only, so boxing the optional
        // fields that lead back breaks every cycle.
        let cycles = InputObjectCycles(schema: mapper.schema)
        for type in mapper.schema.definedTypes where type.kind == .inputObject {
            writer.line()
            writeInputObject(type, cycles: cycles, into: &writer)
        }
    }

    private func writeEnum(_ type: SchemaType, into writer: inout SwiftWriter) {
        writer.line("/// " + (type.description.map(firstLine) ?? "The schema's `\(type.name)` enum."))
        writer.block("public enum \(type.name): GraphQLEnum") { writer in
            for value in type.enumValues {
                if let description = value.description { writer.line("/// " + firstLine(description)) }
                writer.line("case \(SwiftNames.enumCase(value.name))")
            }
            writer.line("/// A value this code does not know: the schema gained it after the code was generated.")
            writer.line("case unknown(Swift.String)")
            writer.line()
            writer.block("public init(rawValue: Swift.String)") { writer in
                writer.switchBlock(
                    "rawValue",
                    type.enumValues.map { "case \(SwiftNames.literal($0.name)): self = .\(SwiftNames.enumCase($0.name))" } + ["default: self = .unknown(rawValue)"]
                )
            }
            writer.line()
            writer.block("public var rawValue: Swift.String") { writer in
                writer.switchBlock(
                    "self", type.enumValues.map { "case .\(SwiftNames.enumCase($0.name)): \(SwiftNames.literal($0.name))" } + ["case .unknown(let value): value"]
                )
            }
        }
    }

    private func writeInputObject(_ type: SchemaType, cycles: InputObjectCycles, into writer: inout SwiftWriter) {
        let fields = type.inputFields.map { field in
            (name: SwiftNames.property(field.name), key: field.name, type: mapper.swiftType(field.type), optional: !field.type.isNonNull,
             storage: !field.type.isNonNull && cycles.leadsBack(field.type, to: type.name) ? "\(field.name.filter { $0 != "`" })_indirect" : nil,
             element: mapper.swiftType(.nonNull(field.type)))
        }
        writer.line("/// " + (type.description.map(firstLine) ?? "The schema's `\(type.name)` input object."))
        writer.block("public struct \(type.name): GraphQLInputValueConvertible, Equatable") { writer in
            for field in fields {
                // A struct cannot hold itself: a field that leads back to this type is kept in an array (0 or 1 element).
                guard let storage = field.storage else {
                    writer.line("public var \(field.name): \(field.type)")
                    continue
                }
                writer.block("public var \(field.name): \(field.type)") { writer in
                    writer.line("get { \(storage).first }")
                    writer.line("set { \(storage) = newValue.map { [$0] } ?? [] }")
                }
                writer.line("private var \(storage): [\(field.element)]")
            }
            writer.line()
            let parameters = fields.map { "\(SwiftNames.parameter($0.name)): \($0.type)\($0.optional ? " = nil" : "")" }.joined(separator: ", ")
            writer.block("public init(\(parameters))") { writer in
                for field in fields {
                    if let storage = field.storage {
                        writer.line("self.\(storage) = \(SwiftNames.argument(field.name)).map { [$0] } ?? []")
                    } else {
                        writer.line("self.\(field.name) = \(SwiftNames.argument(field.name))")
                    }
                }
            }
            writer.line()
            writer.line("/// The object as JSON; an optional field left `nil` is not sent.")
            writer.block("public var graphQLInputValue: JSONValue") { writer in
                writer.line("var members: [Swift.String: JSONValue] = [:]")
                for field in fields {
                    if field.optional {
                        writer.line("if let value = \(SwiftNames.member(field.name)) { members[\(SwiftNames.literal(field.key))] = value.graphQLInputValue }")
                    } else {
                        writer.line("members[\(SwiftNames.literal(field.key))] = \(SwiftNames.member(field.name)).graphQLInputValue")
                    }
                }
                writer.line("return .object(members)")
            }
        }
    }

    private func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
    }
}
