import GraphQLLanguage

/// Variables: unique, of input types, with valid defaults, all defined, all used, and each
/// used only where its type is allowed (VariablesInAllowedPosition), through fragments too.
enum VariableRules {
    static func check(_ context: inout ValidationContext, usages: [String: [VariableUsage]], spreads: [String: [String]]) {
        let checker = ValueChecker(schema: context.schema)
        for (index, operation) in context.operations.enumerated() {
            let definition = operation.definition
            var defined: [String: VariableDefinition] = [:]
            for variable in definition.variableDefinitions {
                let name = variable.variable.value
                if defined[name] != nil {
                    context.report("There can be only one variable named \"$\(name)\".", at: variable.variable.location, in: operation.sourceName)
                    continue
                }
                defined[name] = variable
                guard let type = context.schema.type(of: variable.type) else {
                    context.report("Unknown type \"\(variable.type.namedType)\".", at: variable.variable.location, in: operation.sourceName)
                    continue
                }
                guard type.isInputType else {
                    context.report(
                        "Variable \"$\(name)\" cannot be non-input type \"\(variable.type)\".", at: variable.variable.location, in: operation.sourceName
                    )
                    continue
                }
                if let defaultValue = variable.defaultValue {
                    for problem in checker.problems(in: defaultValue, type: variable.type) {
                        context.report(problem.message, at: problem.location, in: operation.sourceName)
                    }
                }
            }
            let operationUsages = reachableUsages(SelectionWalker.key(operationAt: index), usages: usages, spreads: spreads)
            var used: Set<String> = []
            for usage in operationUsages {
                used.insert(usage.name)
                guard let variable = defined[usage.name] else {
                    let by = definition.name.map { " by operation \"\($0.value)\"" } ?? ""
                    context.report("Variable \"$\(usage.name)\" is not defined\(by).", at: usage.location, in: usage.sourceName)
                    continue
                }
                guard let expected = usage.expectedType, context.schema.type(of: variable.type)?.isInputType == true else { continue }
                if !isAllowed(variable, in: expected, positionHasDefault: usage.positionHasDefault) {
                    context.report(
                        "Variable \"$\(usage.name)\" of type \"\(variable.type)\" used in position expecting type \"\(expected)\".",
                        at: usage.location, in: usage.sourceName
                    )
                }
            }
            for variable in definition.variableDefinitions where !used.contains(variable.variable.value) {
                let suffix = definition.name.map { " in operation \"\($0.value)\"" } ?? ""
                context.report("Variable \"$\(variable.variable.value)\" is never used\(suffix).", at: variable.variable.location, in: operation.sourceName)
            }
        }
    }

    /// The usages in a definition and in every fragment it spreads, directly or not.
    private static func reachableUsages(_ key: String, usages: [String: [VariableUsage]], spreads: [String: [String]]) -> [VariableUsage] {
        var result = usages[key] ?? []
        var visited: Set<String> = []
        var pending = spreads[key] ?? []
        while let name = pending.popLast() {
            guard visited.insert(name).inserted else { continue }
            result += usages[name] ?? []
            pending += spreads[name] ?? []
        }
        return result
    }

    /// The spec's IsVariableUsageAllowed.
    private static func isAllowed(_ variable: VariableDefinition, in location: TypeReference, positionHasDefault: Bool) -> Bool {
        if case .nonNull(let inner) = location, !variable.type.isNonNull {
            let hasDefault = variable.defaultValue.map { if case .null = $0.kind { false } else { true } } ?? false
            guard hasDefault || positionHasDefault else { return false }
            return areTypesCompatible(variable.type, inner)
        }
        return areTypesCompatible(variable.type, location)
    }

    /// The spec's AreTypesCompatible.
    static func areTypesCompatible(_ variable: TypeReference, _ location: TypeReference) -> Bool {
        switch (variable, location) {
        case (.nonNull(let variableInner), .nonNull(let locationInner)): areTypesCompatible(variableInner, locationInner)
        case (_, .nonNull): false
        case (.nonNull(let variableInner), _): areTypesCompatible(variableInner, location)
        case (.list(let variableInner), .list(let locationInner)): areTypesCompatible(variableInner, locationInner)
        case (_, .list), (.list, _): false
        case (.named(let variableName), .named(let locationName)): variableName == locationName
        }
    }
}
