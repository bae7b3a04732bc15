import GraphQLLanguage

/// Arguments and directives: known, unique, required, of the right type, in the right place.
extension SelectionWalker {
    /// What arguments belong to, as messages name it.
    enum ArgumentOwner {
        case field(parent: String, name: String)
        case directive(String)

        var description: String {
            switch self {
            case .field(let parent, let name): "field \"\(parent).\(name)\""
            case .directive(let name): "directive \"@\(name)\""
            }
        }

        var subject: String {
            switch self {
            case .field(_, let name): "Field \"\(name)\""
            case .directive(let name): "Directive \"@\(name)\""
            }
        }
    }

    mutating func checkArguments(_ arguments: [Argument], against definitions: [SchemaInputValue], owner: ArgumentOwner, at location: SourceLocation) {
        var seen: Set<String> = []
        for argument in arguments {
            if !seen.insert(argument.name.value).inserted {
                report("There can be only one argument named \"\(argument.name.value)\".", at: argument.name.location)
            }
            guard let definition = definitions.first(where: { $0.name == argument.name.value }) else {
                report("Unknown argument \"\(argument.name.value)\" on \(owner.description).", at: argument.name.location)
                recordUsages(in: argument.value, expected: nil, hasDefault: false)
                continue
            }
            checkValue(argument.value, type: definition.type, hasDefault: definition.defaultValue != nil)
        }
        for definition in definitions where definition.isRequired && !seen.contains(definition.name) {
            report("\(owner.subject) argument \"\(definition.name)\" of type \"\(definition.type)\" is required, but it was not provided.", at: location)
        }
    }

    /// Checks a literal against `type` and records the variables it uses with the type expected there.
    mutating func checkValue(_ value: Value, type: TypeReference, hasDefault: Bool) {
        for problem in ValueChecker(schema: schema).problems(in: value, type: type) {
            report(problem.message, at: problem.location)
        }
        recordUsages(in: value, expected: type, hasDefault: hasDefault)
    }

    mutating func recordUsages(in value: Value, expected: TypeReference?, hasDefault: Bool) {
        switch value.kind {
        case .variable(let name):
            usages[currentKey, default: []].append(
                VariableUsage(name: name, expectedType: expected, positionHasDefault: hasDefault, location: value.location, sourceName: sourceName)
            )
        case .list(let values):
            let itemType: TypeReference? = if case .list(let inner) = expected?.nullable { inner } else { nil }
            for item in values { recordUsages(in: item, expected: itemType, hasDefault: false) }
        case .object(let fields):
            let inputType = expected.flatMap { schema.type(of: $0) }
            for field in fields {
                let fieldDefinition = inputType?.inputField(named: field.name.value)
                // A variable for a OneOf Input Object's field must be non-null: it is the one key.
                let fieldType = inputType?.isOneOf == true ? fieldDefinition.map { TypeReference.nonNull($0.type.nullable) } : fieldDefinition?.type
                recordUsages(in: field.value, expected: fieldType, hasDefault: fieldDefinition?.defaultValue != nil)
            }
        default:
            break
        }
    }

    mutating func checkDirectives(_ directives: [Directive], at location: DirectiveLocation) {
        var seen: Set<String> = []
        for directive in directives {
            let name = directive.name.value
            guard let definition = schema.directives[name] else {
                report("Unknown directive \"@\(name)\".", at: directive.location)
                for argument in directive.arguments { recordUsages(in: argument.value, expected: nil, hasDefault: false) }
                continue
            }
            if !definition.locations.contains(location) {
                report("Directive \"@\(name)\" may not be used on \(location.rawValue).", at: directive.location)
            }
            if !definition.isRepeatable && !seen.insert(name).inserted {
                report("The directive \"@\(name)\" can only be used once at this location.", at: directive.location)
            }
            checkArguments(directive.arguments, against: definition.arguments, owner: .directive(name), at: directive.location)
        }
    }
}
