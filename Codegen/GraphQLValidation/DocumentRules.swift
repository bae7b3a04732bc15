import GraphQLLanguage

/// Rules that need no types: executable definitions, unique and lone operations, unique,
/// known and used fragments, and fragments without cycles.
enum DocumentRules {
    static func check(_ context: inout ValidationContext) {
        for document in context.documents {
            for case .typeSystem(let definition) in document.definitions {
                context.report("The \(definition.displayName) definition is not executable.", at: definition.location, in: document.sourceName)
            }
        }
        var operationNames: Set<String> = []
        // LoneAnonymousOperation is about one document: each file is one.
        var operationsPerSource: [String: Int] = [:]
        for operation in context.operations { operationsPerSource[operation.sourceName, default: 0] += 1 }
        for operation in context.operations {
            guard let name = operation.definition.name else {
                if operationsPerSource[operation.sourceName, default: 0] > 1 {
                    context.report("This anonymous operation must be the only defined operation.", at: operation.definition.location, in: operation.sourceName)
                }
                continue
            }
            if !operationNames.insert(name.value).inserted {
                context.report("There can be only one operation named \"\(name.value)\".", at: name.location, in: operation.sourceName)
            }
        }
        var fragmentNames: Set<String> = []
        for fragment in context.fragments where !fragmentNames.insert(fragment.definition.name.value).inserted {
            context.report("There can be only one fragment named \"\(fragment.definition.name.value)\".", at: fragment.definition.name.location, in: fragment.sourceName)
        }
        checkSpreads(&context)
    }

    private static func checkSpreads(_ context: inout ValidationContext) {
        var used: Set<String> = []
        for operation in context.operations {
            var pending = operation.definition.selectionSet.spreads
            while let spread = pending.popLast() {
                guard used.insert(spread.name.value).inserted, let fragment = context.fragmentsByName[spread.name.value] else { continue }
                pending += fragment.definition.selectionSet.spreads
            }
        }
        for (located, spreads) in context.operations.map({ ($0.sourceName, $0.definition.selectionSet.spreads) })
            + context.fragments.map({ ($0.sourceName, $0.definition.selectionSet.spreads) })
        {
            for spread in spreads where context.fragmentsByName[spread.name.value] == nil {
                context.report("Unknown fragment \"\(spread.name.value)\".", at: spread.name.location, in: located)
            }
        }
        for fragment in context.fragments where !used.contains(fragment.definition.name.value) {
            context.report("Fragment \"\(fragment.definition.name.value)\" is never used.", at: fragment.definition.location, in: fragment.sourceName)
        }
        FragmentCycleRule.check(&context)
    }
}

extension TypeSystemDefinition {
    var displayName: String {
        switch self {
        case .schema, .schemaExtension: "schema"
        case .directive(let directive): "\"@\(directive.name.value)\""
        case .type(let type), .typeExtension(let type): "\"\(type.name.value)\""
        }
    }

    var location: SourceLocation {
        switch self {
        case .schema(let schema), .schemaExtension(let schema): schema.location
        case .directive(let directive): directive.location
        case .type(let type), .typeExtension(let type): type.location
        }
    }
}
