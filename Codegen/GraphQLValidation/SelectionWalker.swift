import GraphQLLanguage

/// Where a variable is used and what type that position expects.
struct VariableUsage: Sendable {
    let name: String
    /// `nil` when the position's type is unknown (an unknown argument, say).
    let expectedType: TypeReference?
    /// Whether the position has a default value of its own (an argument with a default).
    let positionHasDefault: Bool
    let location: SourceLocation
    let sourceName: String
}

/// Walks each operation and fragment once with the type of every selection set, checking
/// the rules that need types: fields exist, leaf and composite selections, arguments,
/// directives, fragment type conditions and spreads. Records variable usages and spreads.
struct SelectionWalker {
    var context: ValidationContext
    /// Variable usages and fragment spreads, keyed by ``key(operationAt:)`` or fragment name.
    var usages: [String: [VariableUsage]] = [:]
    var spreads: [String: [String]] = [:]
    var currentKey = ""
    var sourceName = ""
    private var possibleTypesByName: [String: Set<String>] = [:]

    init(context: ValidationContext) { self.context = context }

    var schema: Schema { context.schema }

    static func key(operationAt index: Int) -> String { "operation #\(index)" }

    /// Walks the operation at `index` of the context's operations (by index, not by a search
    /// comparing definitions: that made 100,000 operations quadratic).
    mutating func walk(operationAt index: Int) {
        let operation = context.operations[index]
        currentKey = Self.key(operationAt: index)
        sourceName = operation.sourceName
        let definition = operation.definition
        checkDirectives(definition.directives, at: DirectiveLocation(definition.kind))
        for variable in definition.variableDefinitions { checkDirectives(variable.directives, at: .variableDefinition) }
        guard let root = schema.rootType(for: definition.kind) else {
            report("Schema is not configured to execute \(definition.kind.rawValue) operation.", at: definition.location)
            return
        }
        walk(definition.selectionSet, in: root)
    }

    mutating func walk(_ fragment: Located<FragmentDefinition>) {
        let definition = fragment.definition
        currentKey = definition.name.value
        sourceName = fragment.sourceName
        checkDirectives(definition.directives, at: .fragmentDefinition)
        guard let type = schema.types[definition.typeCondition.value] else {
            report("Unknown type \"\(definition.typeCondition.value)\".", at: definition.typeCondition.location)
            return
        }
        guard type.isComposite else {
            report(
                "Fragment \"\(definition.name.value)\" cannot condition on non composite type \"\(type.name)\".", at: definition.typeCondition.location
            )
            return
        }
        walk(definition.selectionSet, in: type)
    }

    mutating func report(_ message: String, at location: SourceLocation) {
        context.report(message, at: location, in: sourceName)
    }

    private mutating func walk(_ selectionSet: SelectionSet, in parent: SchemaType) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                walk(field, in: parent)
            case .fragmentSpread(let spread):
                checkDirectives(spread.directives, at: .fragmentSpread)
                spreads[currentKey, default: []].append(spread.name.value)
                guard let fragment = context.fragmentsByName[spread.name.value],
                    let type = schema.types[fragment.definition.typeCondition.value], type.isComposite
                else { continue }
                checkSpreadPossible(type, in: parent, at: spread.location, fragmentName: spread.name.value)
            case .inlineFragment(let fragment):
                checkDirectives(fragment.directives, at: .inlineFragment)
                var type = parent
                if let condition = fragment.typeCondition {
                    guard let conditionType = schema.types[condition.value] else {
                        report("Unknown type \"\(condition.value)\".", at: condition.location)
                        continue
                    }
                    guard conditionType.isComposite else {
                        report("Fragment cannot condition on non composite type \"\(condition.value)\".", at: condition.location)
                        continue
                    }
                    checkSpreadPossible(conditionType, in: parent, at: fragment.location, fragmentName: nil)
                    type = conditionType
                }
                walk(fragment.selectionSet, in: type)
            }
        }
    }

    private mutating func walk(_ field: Field, in parent: SchemaType) {
        checkDirectives(field.directives, at: .field)
        guard let definition = schema.field(named: field.name.value, on: parent) else {
            report("Cannot query field \"\(field.name.value)\" on type \"\(parent.name)\".", at: field.name.location)
            for argument in field.arguments { recordUsages(in: argument.value, expected: nil, hasDefault: false) }
            return
        }
        checkArguments(field.arguments, against: definition.arguments, owner: .field(parent: parent.name, name: definition.name), at: field.location)
        guard let type = schema.type(of: definition.type) else { return }
        if type.isLeaf, let selectionSet = field.selectionSet {
            report(
                "Field \"\(field.name.value)\" must not have a selection since type \"\(definition.type)\" has no subfields.", at: selectionSet.location
            )
        } else if !type.isLeaf {
            guard let selectionSet = field.selectionSet else {
                report(
                    "Field \"\(field.name.value)\" of type \"\(definition.type)\" must have a selection of subfields. Did you mean \"\(field.name.value) { ... }\"?",
                    at: field.location
                )
                return
            }
            walk(selectionSet, in: type)
        }
    }

    /// The object types `type` may be, found once per type (an interface's take a walk over the schema's types).
    private mutating func possibleTypes(of type: SchemaType) -> Set<String> {
        if let known = possibleTypesByName[type.name] { return known }
        let found = schema.possibleTypes(of: type)
        possibleTypesByName[type.name] = found
        return found
    }

    private mutating func checkSpreadPossible(_ type: SchemaType, in parent: SchemaType, at location: SourceLocation, fragmentName: String?) {
        guard possibleTypes(of: type).isDisjoint(with: possibleTypes(of: parent)) else { return }
        let subject = fragmentName.map { "Fragment \"\($0)\"" } ?? "Fragment"
        report(
            "\(subject) cannot be spread here as objects of type \"\(parent.name)\" can never be of type \"\(type.name)\".", at: location
        )
    }
}

extension DirectiveLocation {
    init(_ kind: OperationKind) {
        switch kind {
        case .query: self = .query
        case .mutation: self = .mutation
        case .subscription: self = .subscription
        }
    }
}
