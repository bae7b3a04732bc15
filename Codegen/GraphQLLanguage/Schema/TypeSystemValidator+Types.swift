/// What the types add up to: a query root, reserved names left alone, no empty type, union
/// members and enum values once, and input objects that a finite value can satisfy.
extension TypeSystemValidator {
    /// The introspection types every schema has (section 4.2), which follow their own rules.
    static let introspectionTypeNames: Set<String> = [
        "__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation",
    ]

    mutating func checkRootTypes() {
        if schema.queryType == nil { report("Query root type must be provided.", at: nil) }
    }

    mutating func checkTypes() {
        for type in schema.definedTypes where !Self.introspectionTypeNames.contains(type.name) {
            checkReservedName(type.name, at: type.location)
            switch type.kind {
            case .scalar:
                break
            case .object, .interface:
                checkFields(of: type)
                checkInterfaces(of: type)
            case .union:
                checkMembers(of: type)
            case .enumeration:
                checkValues(of: type)
            case .inputObject:
                checkInputFields(of: type)
            }
        }
        checkInputCycles()
    }

    mutating func checkDirectiveDefinitions() {
        for directive in schema.directives.values where !BuiltInDirectives.all.contains(where: { $0.name == directive.name }) {
            let location = directiveLocation(directive.name)
            checkReservedName(directive.name, at: location)
            for argument in directive.arguments {
                checkReservedName(argument.name, at: location)
                if let type = schema.type(of: argument.type) {
                    if !type.isInputType {
                        report("The type of @\(directive.name)(\(argument.name):) must be an input type but got \"\(argument.type)\".", at: location)
                    }
                    checkDefault(of: argument, named: "@\(directive.name)(\(argument.name):)")
                } else {
                    report("Unknown type \"\(argument.type.namedType)\".", at: location)
                }
                if argument.isRequired, argument.deprecationReason != nil {
                    report("Required argument @\(directive.name)(\(argument.name):) cannot be deprecated.", at: location)
                }
            }
        }
    }

    private mutating func checkReservedName(_ name: String, at location: SourceLocation?) {
        guard name.hasPrefix("__") else { return }
        report("Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.", at: location)
    }

    private mutating func checkFields(of type: SchemaType) {
        if type.fields.isEmpty { report("Type \(type.name) must define one or more fields.", at: type.location) }
        for field in type.fields {
            checkReservedName(field.name, at: field.location ?? type.location)
            for argument in field.arguments {
                checkReservedName(argument.name, at: field.location ?? type.location)
                checkDefault(of: argument, named: "\(type.name).\(field.name)(\(argument.name):)")
                if argument.isRequired, argument.deprecationReason != nil {
                    report("Required argument \(type.name).\(field.name)(\(argument.name):) cannot be deprecated.", at: field.location ?? type.location)
                }
            }
        }
    }

    private mutating func checkMembers(of union: SchemaType) {
        if union.unionMembers.isEmpty { report("Union type \(union.name) must define one or more member types.", at: union.location) }
        var seen: Set<String> = []
        for member in union.unionMembers where !seen.insert(member).inserted {
            report("Union type \(union.name) can only include type \(member) once.", at: union.location)
        }
    }

    private mutating func checkValues(of enumeration: SchemaType) {
        if enumeration.enumValues.isEmpty { report("Enum type \(enumeration.name) must define one or more values.", at: enumeration.location) }
        // `true`, `false` and `null` are refused by the parser already.
        for value in enumeration.enumValues { checkReservedName(value.name, at: enumeration.location) }
    }

    private mutating func checkInputFields(of input: SchemaType) {
        if input.inputFields.isEmpty { report("Input Object type \(input.name) must define one or more fields.", at: input.location) }
        for field in input.inputFields {
            checkReservedName(field.name, at: input.location)
            checkDefault(of: field, named: "\(input.name).\(field.name)")
            if field.isRequired, field.deprecationReason != nil {
                report("Required input field \(input.name).\(field.name) cannot be deprecated.", at: input.location)
            }
            if input.isOneOf, field.type.isNonNull {
                report("OneOf input field \(input.name).\(field.name) must be nullable.", at: input.location)
            }
            if input.isOneOf, field.defaultValue != nil {
                report("OneOf input field \(input.name).\(field.name) cannot have a default value.", at: input.location)
            }
        }
    }

    /// A default value must be a value of its type (what a client would be allowed to send).
    private mutating func checkDefault(of value: SchemaInputValue, named name: String) {
        guard let defaultValue = value.defaultValue, schema.type(of: value.type) != nil else { return }
        if let problem = ValueChecker(schema: schema).problems(in: defaultValue, type: value.type).first {
            report("\(name) has invalid default value: \(problem.message)", at: defaultValue.location)
        }
    }

    /// Input objects no finite value can satisfy: a cycle of non-null, non-list input fields,
    /// each reported once, at the type where it closes, with the fields from there (graphql-js's
    /// algorithm: one depth-first walk over all input objects with a visited set).
    ///
    /// The walk keeps an explicit stack, so a chain of 100,000 input objects takes 100,000 steps
    /// and no stack frames (walking again from each type, with a copy of the path per step,
    /// took the cube of the chain's length).
    mutating func checkInputCycles() {
        var visited: Set<String> = []
        for start in schema.definedTypes where start.kind == .inputObject && visited.insert(start.name).inserted {
            // The fields from `start` to the type being walked, and where each type on that path was entered.
            var pathFields: [String] = []
            var entered: [String: Int] = [start.name: 0]
            var frames: [(type: SchemaType, next: Int)] = [(start, 0)]
            while let (type, next) = frames.last {
                guard next < type.inputFields.count else {
                    entered[type.name] = nil
                    frames.removeLast()
                    if !frames.isEmpty { pathFields.removeLast() }
                    continue
                }
                frames[frames.count - 1].next += 1
                let field = type.inputFields[next]
                guard case .nonNull(.named(let name)) = field.type, let target = schema.types[name], target.kind == .inputObject else { continue }
                if let cycleStart = entered[name] {
                    let cycle = pathFields[cycleStart...] + [field.name]
                    report(
                        "Cannot reference Input Object \"\(name)\" within itself through a series of non-null fields: \"\(cycle.joined(separator: "."))\".",
                        at: target.location
                    )
                } else if visited.insert(name).inserted {
                    pathFields.append(field.name)
                    entered[name] = pathFields.count
                    frames.append((target, 0))
                }
            }
        }
    }

    /// Where the directive `name` is defined in the SDL.
    private func directiveLocation(_ name: String) -> SourceLocation? {
        for document in documents {
            for case .directive(let directive) in document.typeSystemDefinitions where directive.name.value == name {
                return directive.location
            }
        }
        return nil
    }
}
