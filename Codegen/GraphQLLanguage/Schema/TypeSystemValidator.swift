/// The spec's validation of a type system (section 3 and the SDL rules of graphql-js): names
/// defined once, directives known and in their place, types that are not empty, interfaces
/// implemented as declared, input objects that can be written down.
///
/// It runs after ``SchemaBuilder`` (which already refuses duplicate types and directives, more
/// than one schema definition, and references to undefined types) over the SDL documents, for
/// where things were written, and over the built ``Schema``, for what they add up to. The
/// first problem in source order is thrown, compiler-style.
struct TypeSystemValidator {
    let schema: Schema
    let documents: [Document]
    /// Each rule broken, where it was written.
    private(set) var problems: [GraphQLDiagnostic] = []

    /// Checks `schema`, built from `documents`.
    static func validate(_ schema: Schema, documents: [Document]) throws(GraphQLDiagnostic) {
        var validator = TypeSystemValidator(schema: schema, documents: documents)
        validator.checkDefinitions()
        validator.checkExecutableDefinitions()
        validator.checkRootTypes()
        validator.checkTypes()
        validator.checkDirectiveDefinitions()
        let order = Dictionary(documents.enumerated().map { ($0.element.sourceName, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let first = validator.problems.min { lhs, rhs in
            (order[lhs.sourceName] ?? 0, lhs.location) < (order[rhs.sourceName] ?? 0, rhs.location)
        }
        if let first { throw first }
    }

    /// The source every schema-level problem points into (its types carry only a location).
    var sourceName: String { documents.first?.sourceName ?? "<schema>" }

    mutating func report(_ message: String, at location: SourceLocation?, in source: String? = nil) {
        problems.append(GraphQLDiagnostic(sourceName: source ?? sourceName, location: location ?? SourceLocation(line: 1, column: 1), message: message))
    }

    // MARK: What the SDL says: names once, directives known and placed

    /// Unique operation types, field, argument and enum value names across a type's definition
    /// and its extensions, and the directives written on every element.
    private mutating func checkDefinitions() {
        var operationTypes: Set<OperationKind> = []
        var fieldsByType: [String: Set<String>] = [:]
        var valuesByType: [String: Set<String>] = [:]
        for document in documents {
            for definition in document.typeSystemDefinitions {
                switch definition {
                case .schema(let schemaDefinition), .schemaExtension(let schemaDefinition):
                    checkDirectives(schemaDefinition.directives, at: .schema, in: document.sourceName)
                    for root in schemaDefinition.operationTypes where !operationTypes.insert(root.operation).inserted {
                        report("There can be only one \(root.operation.rawValue) type in schema.", at: root.type.location, in: document.sourceName)
                    }
                case .type(let type), .typeExtension(let type):
                    checkType(type, fields: &fieldsByType[type.name.value, default: []], values: &valuesByType[type.name.value, default: []], in: document.sourceName)
                case .directive(let directive):
                    checkArgumentDefinitions(directive.arguments, of: "@\(directive.name.value)", in: document.sourceName)
                }
            }
        }
    }

    private mutating func checkType(_ type: TypeDefinition, fields: inout Set<String>, values: inout Set<String>, in source: String) {
        let name = type.name.value
        checkDirectives(type.directives, at: type.kind.directiveLocation, in: source)
        switch type.kind {
        case .scalar, .union:
            break
        case .object(_, let definitions), .interface(_, let definitions):
            for field in definitions {
                if !fields.insert(field.name.value).inserted {
                    report("Field \"\(name).\(field.name.value)\" can only be defined once.", at: field.name.location, in: source)
                }
                checkDirectives(field.directives, at: .fieldDefinition, in: source)
                checkArgumentDefinitions(field.arguments, of: "\(name).\(field.name.value)", in: source)
            }
        case .enumeration(let definitions):
            for value in definitions {
                if !values.insert(value.name.value).inserted {
                    report("Enum value \"\(name).\(value.name.value)\" can only be defined once.", at: value.name.location, in: source)
                }
                checkDirectives(value.directives, at: .enumValue, in: source)
            }
        case .inputObject(let definitions):
            for field in definitions {
                if !fields.insert(field.name.value).inserted {
                    report("Field \"\(name).\(field.name.value)\" can only be defined once.", at: field.name.location, in: source)
                }
                checkDirectives(field.directives, at: .inputFieldDefinition, in: source)
            }
        }
    }

    private mutating func checkArgumentDefinitions(_ arguments: [InputValueDefinition], of parent: String, in source: String) {
        var seen: Set<String> = []
        for argument in arguments {
            if !seen.insert(argument.name.value).inserted {
                report("Argument \"\(parent)(\(argument.name.value):)\" can only be defined once.", at: argument.name.location, in: source)
            }
            checkDirectives(argument.directives, at: .argumentDefinition, in: source)
        }
    }

    /// Known directives, used where they may be, once unless repeatable, with known, unique
    /// and all required arguments.
    mutating func checkDirectives(_ directives: [Directive], at location: DirectiveLocation, in source: String) {
        var used: Set<String> = []
        for directive in directives {
            let name = directive.name.value
            guard let known = schema.directives[name] else {
                report("Unknown directive \"@\(name)\".", at: directive.location, in: source)
                continue
            }
            if !known.locations.contains(location) {
                report("Directive \"@\(name)\" may not be used on \(location.rawValue).", at: directive.location, in: source)
            }
            if !used.insert(name).inserted, !known.isRepeatable {
                report("The directive \"@\(name)\" can only be used once at this location.", at: directive.location, in: source)
            }
            var given: Set<String> = []
            for argument in directive.arguments {
                if known.argument(named: argument.name.value) == nil {
                    report("Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\".", at: argument.name.location, in: source)
                }
                if !given.insert(argument.name.value).inserted {
                    report("There can be only one argument named \"\(argument.name.value)\".", at: argument.name.location, in: source)
                }
            }
            for argument in known.arguments where argument.isRequired && !given.contains(argument.name) {
                report(
                    "Directive \"@\(name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                    at: directive.location, in: source
                )
            }
        }
    }
}

extension TypeDefinition.Kind {
    /// Where directives written on a definition of this kind stand.
    var directiveLocation: DirectiveLocation {
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
