import GraphQLLanguage
import GraphQLValidation

/// Merges a (validated) selection set with its fragments into a ``MergedSelection``.
///
/// Reports what the generator does not support yet: `@include`/`@skip` on selections and type
/// conditions narrower than the enclosing type (which would need polymorphic models).
struct SelectionMerger {
    let schema: Schema
    let fragments: [String: (definition: FragmentDefinition, sourceName: String)]
    var diagnostics: [GraphQLDiagnostic] = []

    mutating func merge(_ selectionSet: SelectionSet, on type: SchemaType, sourceName: String) -> MergedSelection {
        var merged = MergedSelection(type: type)
        for selection in selectionSet.selections {
            if let directive = selection.directives.first {
                unsupported("Directive \"@\(directive.name.value)\" on a selection is not supported by the code generator yet.", directive.location, sourceName)
                continue
            }
            switch selection {
            case .field(let field):
                guard let fieldType = schema.field(named: field.name.value, on: type)?.type else { continue }
                var child: MergedSelection?
                if let selectionSet = field.selectionSet, let childType = schema.type(of: fieldType) {
                    child = merge(selectionSet, on: childType, sourceName: sourceName)
                }
                merged.add(
                    MergedField(
                        responseKey: field.responseKey, name: field.name.value, alias: field.alias?.value, arguments: field.arguments,
                        type: fieldType, selection: child
                    )
                )
            case .inlineFragment(let fragment):
                if let condition = fragment.typeCondition, condition.value != type.name {
                    unsupportedCondition(condition.value, on: type, at: fragment.location, sourceName)
                    continue
                }
                merged.merge(merge(fragment.selectionSet, on: type, sourceName: sourceName))
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name.value] else { continue }
                guard fragment.definition.typeCondition.value == type.name else {
                    unsupportedCondition(fragment.definition.typeCondition.value, on: type, at: spread.location, sourceName)
                    continue
                }
                var fromFragment = merge(fragment.definition.selectionSet, on: type, sourceName: fragment.sourceName)
                fromFragment.fragmentNames = [spread.name.value]
                merged.merge(fromFragment)
            }
        }
        return merged
    }

    private mutating func unsupportedCondition(_ condition: String, on type: SchemaType, at location: SourceLocation, _ sourceName: String) {
        unsupported(
            "A type condition on \"\(condition)\" inside \"\(type.name)\" is not supported by the code generator yet; "
                + "select the fields on \"\(type.name)\" itself.",
            location, sourceName
        )
    }

    private mutating func unsupported(_ message: String, _ location: SourceLocation, _ sourceName: String) {
        diagnostics.append(GraphQLDiagnostic(sourceName: sourceName, location: location, message: message))
    }
}
