@testable import GraphQLValidation
import GraphQLLanguage

// The rule as it was before it was made linear (pair by pair, fragments expanded on every
// path), kept as the reference the linear rule must agree with on documents without named
// fragments, where the two walks are the same.

/// OverlappingFieldsCanBeMerged, pairwise: fields with the same response key, gathered through
/// fragments and inline fragments, must be the same field with the same arguments (unless
/// their parents are different object types) and must have the same response shape.
enum PairwiseFieldMergeRule {
    /// A field as it appears in a selection set, with the type it is selected on (the rule's own).
    typealias GatheredField = FieldMergeRule.GatheredField

    static func check(_ context: inout ValidationContext) {
        for operation in context.operations {
            guard let root = context.schema.rootType(for: operation.definition.kind) else { continue }
            checkSet([(operation.definition.selectionSet, root, operation.sourceName)], exclusive: false, followed: [], context: &context)
        }
        for fragment in context.fragments {
            guard let type = context.schema.types[fragment.definition.typeCondition.value], type.isComposite else { continue }
            checkSet(
                [(fragment.definition.selectionSet, type, fragment.sourceName)], exclusive: false, followed: [fragment.definition.name.value],
                context: &context
            )
        }
        var seen: Set<GraphQLDiagnostic> = []
        context.diagnostics = context.diagnostics.filter { seen.insert($0).inserted }
    }

    /// Checks the fields of several selection sets (of merged fields) against each other, then recurses.
    ///
    /// `followed` holds the fragments already expanded on the way here: a fragment is never
    /// entered twice on one path, so fragment cycles (reported by another rule) end the walk.
    private static func checkSet(
        _ sets: [(SelectionSet, SchemaType, String)], exclusive: Bool, followed: Set<String>, context: inout ValidationContext
    ) {
        var byKey: [String: [GatheredField]] = [:]
        var keys: [String] = []
        var expanded = followed
        for (selectionSet, parent, sourceName) in sets {
            var visited = followed
            gather(selectionSet, parent: parent, sourceName: sourceName, into: &byKey, keys: &keys, visited: &visited, context: context)
            expanded.formUnion(visited)
        }
        for key in keys {
            guard let fields = byKey[key] else { continue }
            if fields.count > 1 {
                outer: for (index, first) in fields.enumerated() {
                    for second in fields[(index + 1)...] {
                        if let reason = FieldMergeRule.conflict(first, second, exclusive: exclusive, schema: context.schema) {  // the rule's own test of one pair
                            context.report(
                                "Fields \"\(key)\" conflict because \(reason). Use different aliases on the fields to fetch both if this was intentional.",
                                at: second.field.location, in: second.sourceName
                            )
                            break outer
                        }
                    }
                }
            }
            let subsets = fields.compactMap { gathered -> (SelectionSet, SchemaType, String)? in
                guard let selectionSet = gathered.field.selectionSet, let definition = gathered.definition,
                    let type = context.schema.type(of: definition.type), type.isComposite
                else { return nil }
                return (selectionSet, type, gathered.sourceName)
            }
            let childExclusive = exclusive || Set(fields.map(\.parent.name)).count > 1 && fields.allSatisfy { $0.parent.kind == .object }
            if !subsets.isEmpty { checkSet(subsets, exclusive: childExclusive, followed: expanded, context: &context) }
        }
    }

    private static func gather(
        _ selectionSet: SelectionSet, parent: SchemaType, sourceName: String, into byKey: inout [String: [GatheredField]],
        keys: inout [String], visited: inout Set<String>, context: ValidationContext
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if byKey[field.responseKey] == nil { keys.append(field.responseKey) }
                byKey[field.responseKey, default: []].append(
                    GatheredField(field: field, parent: parent, definition: context.schema.field(named: field.name.value, on: parent), sourceName: sourceName)
                )
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.flatMap { context.schema.types[$0.value] } ?? parent
                gather(fragment.selectionSet, parent: type, sourceName: sourceName, into: &byKey, keys: &keys, visited: &visited, context: context)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, let fragment = context.fragmentsByName[spread.name.value],
                    let type = context.schema.types[fragment.definition.typeCondition.value]
                else { continue }
                gather(
                    fragment.definition.selectionSet, parent: type, sourceName: fragment.sourceName, into: &byKey, keys: &keys,
                    visited: &visited, context: context
                )
            }
        }
    }
}
