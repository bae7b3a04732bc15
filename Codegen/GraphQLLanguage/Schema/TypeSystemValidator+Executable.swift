/// Operations and fragments in a schema file take no part in the schema, but what the SDL
/// rules look at still holds inside them (as in graphql-js): directives known and placed, and
/// arguments named once. They are walked with a work list, not recursion.
extension TypeSystemValidator {
    mutating func checkExecutableDefinitions() {
        for document in documents {
            var pending: [SelectionSet] = []
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    checkDirectives(operation.directives, at: operation.kind.directiveLocation, in: document.sourceName)
                    for variable in operation.variableDefinitions {
                        checkDirectives(variable.directives, at: .variableDefinition, in: document.sourceName)
                    }
                    pending.append(operation.selectionSet)
                case .fragment(let fragment):
                    checkDirectives(fragment.directives, at: .fragmentDefinition, in: document.sourceName)
                    pending.append(fragment.selectionSet)
                case .typeSystem:
                    continue
                }
            }
            while let selectionSet = pending.popLast() {
                for selection in selectionSet.selections {
                    switch selection {
                    case .field(let field):
                        checkDirectives(field.directives, at: .field, in: document.sourceName)
                        var names: Set<String> = []
                        for argument in field.arguments where !names.insert(argument.name.value).inserted {
                            report("There can be only one argument named \"\(argument.name.value)\".", at: argument.name.location, in: document.sourceName)
                        }
                        if let inner = field.selectionSet { pending.append(inner) }
                    case .fragmentSpread(let spread):
                        checkDirectives(spread.directives, at: .fragmentSpread, in: document.sourceName)
                    case .inlineFragment(let fragment):
                        checkDirectives(fragment.directives, at: .inlineFragment, in: document.sourceName)
                        pending.append(fragment.selectionSet)
                    }
                }
            }
        }
    }
}

extension OperationKind {
    /// Where directives written on an operation of this kind stand.
    var directiveLocation: DirectiveLocation {
        switch self {
        case .query: .query
        case .mutation: .mutation
        case .subscription: .subscription
        }
    }
}
