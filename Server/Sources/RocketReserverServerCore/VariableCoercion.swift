import GraphQL

/// The one input-coercion rule GraphQLSwift's variable coercion misses: an `Int` must be a whole
/// number (it accepted `2.5`). Everything else — `ID` from a string or an integer, `Float` from
/// an integer, a list from a single value, input objects, `null` against non-null types — is
/// GraphQLSwift's, given numbers decoded by ``VariableJSON``.
enum VariableCoercion {
    /// Throws a 400 `BAD_USER_INPUT` for the first variable whose value breaks the rule.
    static func check(_ definitions: [VariableDefinition], _ variables: [String: Map], schema: GraphQLSchema) throws(RequestFailure) {
        for definition in definitions {
            let name = definition.variable.name.value
            guard let value = variables[name] else { continue }
            if let problem = problem(value, type: definition.type, schema: schema) {
                throw RequestFailure(
                    status: 400,
                    errors: [GraphQLError(message: "Variable \"$\(name)\" got invalid value \(value); \(problem)")],
                    code: "BAD_USER_INPUT"
                )
            }
        }
    }

    private static func problem(_ value: Map, type: any `Type`, schema: GraphQLSchema) -> String? {
        if let nonNull = type as? NonNullType { return problem(value, type: nonNull.type, schema: schema) }
        if let list = type as? ListType {
            guard case .array(let items) = value else { return problem(value, type: list.type, schema: schema) }
            return items.lazy.compactMap { problem($0, type: list.type, schema: schema) }.first
        }
        guard let named = type as? NamedType else { return nil }
        return problem(value, named: schema.getType(name: named.name.value))
    }

    private static func problem(_ value: Map, named type: (any GraphQLNamedType)?) -> String? {
        if let object = type as? GraphQLInputObjectType, case .dictionary(let fields) = value,
           let definitions = try? object.fields()
        {
            for (name, field) in definitions {
                guard let fieldValue = fields[name] else { continue }
                if let problem = problem(fieldValue, inputType: field.type) { return problem }
            }
            return nil
        }
        guard let scalar = type as? GraphQLScalarType, scalar.name == "Int", case .number(let number) = value else { return nil }
        return number.storageType == .int ? nil : "Int cannot represent a non-integer value."
    }

    private static func problem(_ value: Map, inputType: any GraphQLInputType) -> String? {
        if let nonNull = inputType as? GraphQLNonNull, let inner = nonNull.ofType as? any GraphQLInputType {
            return problem(value, inputType: inner)
        }
        if let list = inputType as? GraphQLList, let inner = list.ofType as? any GraphQLInputType {
            guard case .array(let items) = value else { return problem(value, inputType: inner) }
            return items.lazy.compactMap { problem($0, inputType: inner) }.first
        }
        return problem(value, named: inputType as? any GraphQLNamedType)
    }
}
