import GraphQLLanguage
import Ports
import RocketReserverAPI

/// Rebuilds a ``Schema`` from the `SchemaIntrospection` answer, so it can be validated against
/// and printed as SDL (``SchemaPrinter``). The server's text is checked first: names must be
/// GraphQL names, and descriptions lose control characters and bidirectional overrides.
enum IntrospectedSchema {
    static func schema(from data: SchemaIntrospectionQuery.Data, sourceName: String) throws(GraphQLDocumentError) -> Schema {
        let schema = try assemble(data, sourceName: sourceName)
        // The answer is the server's, not trusted: printed, it must parse back (this refuses a
        // name that is not a GraphQL name, or anything else SDL cannot carry).
        do {
            _ = try Schema.parse(SchemaPrinter.print(schema), sourceName: sourceName)
        } catch {
            throw .unusableSchema("it does not print as valid SDL (\(error.message))")
        }
        return schema
    }

    private static func assemble(_ data: SchemaIntrospectionQuery.Data, sourceName: String) throws(GraphQLDocumentError) -> Schema {
        let introspected = data.__schema
        var types: [SchemaType] = []
        for entry in introspected.types {
            types.append(try type(entry.fragments.introspectedType))
        }
        var directives: [SchemaDirective] = []
        for directive in introspected.directives {
            var arguments: [SchemaInputValue] = []
            for argument in directive.args { arguments.append(try inputValue(argument.fragments.introspectedInputValue)) }
            directives.append(
                SchemaDirective(
                    name: directive.name, description: clean(directive.description), arguments: arguments,
                    locations: Set(directive.locations.compactMap { DirectiveLocation(rawValue: $0.rawValue) }), isRepeatable: directive.isRepeatable
                )
            )
        }
        do {
            return try Schema.assembled(
                types: types, directives: directives, queryType: introspected.queryType.name, mutationType: introspected.mutationType?.name,
                subscriptionType: introspected.subscriptionType?.name, sourceName: sourceName
            )
        } catch {
            throw .unusableSchema(error.message)
        }
    }

    private static func type(_ introspected: IntrospectedType) throws(GraphQLDocumentError) -> SchemaType {
        guard let name = introspected.name else { throw .unusableSchema("a type has no name") }
        let kind: SchemaType.Kind
        switch introspected.kind {
        case .scalar: kind = .scalar
        case .object: kind = .object
        case .interface: kind = .interface
        case .union: kind = .union
        case .enum: kind = .enumeration
        case .inputObject: kind = .inputObject
        default: throw .unusableSchema("the type \(name) is of kind \(introspected.kind.rawValue)")
        }
        var type = SchemaType(name: name, kind: kind, description: clean(introspected.description))
        for field in introspected.fields ?? [] {
            var arguments: [SchemaInputValue] = []
            for argument in field.args { arguments.append(try inputValue(argument.fragments.introspectedInputValue)) }
            type.fields.append(
                SchemaField(
                    name: field.name, description: clean(field.description), arguments: arguments,
                    type: try reference(field.type.fragments.introspectedTypeRef),
                    deprecationReason: field.isDeprecated ? clean(field.deprecationReason) ?? "No longer supported" : nil
                )
            )
        }
        type.interfaces = (introspected.interfaces ?? []).compactMap(\.name)
        if kind == .union { type.unionMembers = (introspected.possibleTypes ?? []).compactMap(\.name) }
        type.enumValues = (introspected.enumValues ?? []).map {
            SchemaEnumValue(
                name: $0.name, description: clean($0.description),
                deprecationReason: $0.isDeprecated ? clean($0.deprecationReason) ?? "No longer supported" : nil
            )
        }
        for field in introspected.inputFields ?? [] { type.inputFields.append(try inputValue(field.fragments.introspectedInputValue)) }
        return type
    }

    private static func inputValue(_ value: IntrospectedInputValue) throws(GraphQLDocumentError) -> SchemaInputValue {
        var defaultValue: Value?
        if let text = value.defaultValue {
            do {
                defaultValue = try Parser.parseValue(text, sourceName: "introspection")
            } catch {
                throw .unusableSchema("the default value of \(value.name) is not a GraphQL value")
            }
        }
        return SchemaInputValue(
            name: value.name, description: clean(value.description), type: try reference(value.type.fragments.introspectedTypeRef), defaultValue: defaultValue
        )
    }

    private static func reference(_ reference: any IntrospectedTypeReference) throws(GraphQLDocumentError) -> TypeReference {
        switch reference.kind {
        case .nonNull, .list:
            guard let inner = reference.wrapped else { throw .unusableSchema("a type is wrapped more than seven levels deep") }
            let wrapped = try self.reference(inner)
            if reference.kind == .list { return .list(wrapped) }
            guard !wrapped.isNonNull else { throw .unusableSchema("a non-null type wraps another") }
            return .nonNull(wrapped)
        default:
            guard let name = reference.name else { throw .unusableSchema("a named type has no name") }
            return .named(name)
        }
    }

    /// The text with control characters other than newline and tab, bidirectional controls
    /// and line or paragraph separators (``StringLiteral/isTerminalControl(_:)``) replaced by
    /// U+FFFD, so that printing the schema cannot restyle a terminal.
    private static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let unsafe = StringLiteral.isTerminalControl(scalar) && scalar != "\n" && scalar != "\t"
            scalars.append(unsafe ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
