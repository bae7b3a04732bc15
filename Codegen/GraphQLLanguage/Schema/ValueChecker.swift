/// ValuesOfCorrectType: whether a literal can be coerced to an input type. Variables are
/// left to the validator's VariablesInAllowedPosition. Used for arguments in documents and for
/// default values in the schema.
package struct ValueChecker {
    package struct Problem {
        package let message: String
        package let location: SourceLocation
    }

    let schema: Schema

    package init(schema: Schema) {
        self.schema = schema
    }

    package func problems(in value: Value, type: TypeReference) -> [Problem] {
        if case .variable = value.kind { return [] }
        if case .nonNull(let inner) = type {
            if case .null = value.kind { return [Problem(message: "Expected value of type \"\(type)\", found null.", location: value.location)] }
            return problems(in: value, type: inner)
        }
        if case .null = value.kind { return [] }
        if case .list(let itemType) = type {
            if case .list(let items) = value.kind { return items.flatMap { problems(in: $0, type: itemType) } }
            return problems(in: value, type: itemType)
        }
        guard let namedType = schema.type(of: type) else { return [] }
        let mismatch = [Problem(message: "Expected value of type \"\(type)\", found \(value).", location: value.location)]
        switch namedType.kind {
        case .scalar:
            return scalarAccepts(namedType.name, value) ? [] : mismatch
        case .enumeration:
            guard case .enumValue(let name) = value.kind else { return mismatch }
            return namedType.enumValues.contains { $0.name == name }
                ? [] : [Problem(message: "Value \"\(name)\" does not exist in \"\(namedType.name)\" enum.", location: value.location)]
        case .inputObject:
            guard case .object(let fields) = value.kind else { return mismatch }
            return problems(in: fields, of: namedType, at: value.location)
        default:
            return []
        }
    }

    private func problems(in fields: [ObjectField], of type: SchemaType, at location: SourceLocation) -> [Problem] {
        var result: [Problem] = []
        var seen: Set<String> = []
        for field in fields {
            if !seen.insert(field.name.value).inserted {
                result.append(Problem(message: "There can be only one input field named \"\(field.name.value)\".", location: field.name.location))
            }
            guard let definition = type.inputField(named: field.name.value) else {
                result.append(Problem(message: "Field \"\(field.name.value)\" is not defined by type \"\(type.name)\".", location: field.name.location))
                continue
            }
            result += problems(in: field.value, type: definition.type)
        }
        if type.isOneOf {
            if fields.count != 1 {
                result.append(Problem(message: "OneOf Input Object \"\(type.name)\" must specify exactly one key.", location: location))
            } else if let field = fields.first, case .null = field.value.kind {
                result.append(Problem(message: "Field \"\(type.name).\(field.name.value)\" must be non-null.", location: field.value.location))
            }
        }
        for definition in type.inputFields where definition.isRequired && !seen.contains(definition.name) {
            result.append(
                Problem(message: "Field \"\(type.name).\(definition.name)\" of required type \"\(definition.type)\" was not provided.", location: location)
            )
        }
        return result
    }

    private func scalarAccepts(_ scalar: String, _ value: Value) -> Bool {
        switch (scalar, value.kind) {
        case ("Int", .int(let text)): Int32(text) != nil
        case ("Float", .int), ("Float", .float): true
        case ("String", .string): true
        case ("Boolean", .boolean): true
        case ("ID", .string), ("ID", .int): true
        case ("Int", _), ("Float", _), ("String", _), ("Boolean", _), ("ID", _): false
        default: true  // A custom scalar decides for itself.
        }
    }
}
