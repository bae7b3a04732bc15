import GraphQLLanguage

/// SingleFieldSubscriptions (spec 5.2.3.1): a subscription selects exactly one root field,
/// which is not an introspection field, and its top-level selections use neither `@skip` nor
/// `@include` (the September 2025 spec: the root field must not depend on variables).
///
/// Fragments are followed once each, with a work list, so the walk is linear in the document.
enum SingleFieldSubscriptionsRule {
    static func check(_ context: inout ValidationContext) {
        for operation in context.operations where operation.definition.kind == .subscription {
            check(operation, &context)
        }
    }

    private static func check(_ operation: Located<OperationDefinition>, _ context: inout ValidationContext) {
        let subject = operation.definition.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        let root = context.schema.rootType(for: .subscription)
        var keys: [String] = []
        var fields: [Field] = []
        var conditional: Directive?
        var visited: Set<String> = []
        var pending: [SelectionSet] = [operation.definition.selectionSet]
        while let selectionSet = pending.popLast() {
            for selection in selectionSet.selections.reversed() {
                if conditional == nil {
                    conditional = selection.directives.first { ["skip", "include"].contains($0.name.value) }
                }
                switch selection {
                case .field(let field):
                    if !keys.contains(field.responseKey) { keys.append(field.responseKey) }
                    fields.append(field)
                case .inlineFragment(let fragment):
                    if applies(fragment.typeCondition?.value, to: root, in: context.schema) { pending.append(fragment.selectionSet) }
                case .fragmentSpread(let spread):
                    guard visited.insert(spread.name.value).inserted, let fragment = context.fragmentsByName[spread.name.value] else { continue }
                    if applies(fragment.definition.typeCondition.value, to: root, in: context.schema) { pending.append(fragment.definition.selectionSet) }
                }
            }
        }
        if let conditional {
            context.report(
                "\(subject) must not use `@skip` or `@include` directives in the top level selection.", at: conditional.location,
                in: operation.sourceName
            )
        }
        let ordered = fields.sorted { $0.location < $1.location }
        if keys.count > 1, let extra = ordered.first(where: { $0.responseKey != ordered.first?.responseKey }) {
            context.report("\(subject) must select only one top level field.", at: extra.location, in: operation.sourceName)
        }
        if let introspection = ordered.first(where: { $0.name.value.hasPrefix("__") }) {
            context.report("\(subject) must not select an introspection top level field.", at: introspection.location, in: operation.sourceName)
        }
    }

    /// Whether a fragment with `condition` applies to the subscription root type.
    private static func applies(_ condition: String?, to root: SchemaType?, in schema: Schema) -> Bool {
        guard let condition, let root else { return true }
        guard let type = schema.types[condition] else { return false }
        return schema.possibleTypes(of: type).contains(root.name)
    }
}
