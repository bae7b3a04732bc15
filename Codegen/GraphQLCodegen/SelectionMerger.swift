import GraphQLLanguage
import GraphQLValidation

/// Merges a (validated) selection set with its fragments into a ``MergedSelection``.
///
/// `@include`/`@skip` on a field or an inline fragment make its fields conditional (optional in
/// the model, the directives kept in the document). Reports what the generator does not support
/// yet: other directives on selections, `@include`/`@skip` on a fragment spread, and type
/// conditions narrower than the enclosing type (which would need polymorphic models).
///
/// Each fragment is merged once and the result reused wherever it is spread, and the fields a
/// merge adds are counted: past ``maximumWork`` the merge stops with a diagnostic, so a small
/// document whose fragments fan out (each spreading the next twice, inside different fields)
/// gets a sentence, not an exponential walk or an exponential request.
struct SelectionMerger {
    /// The most fields merged (nested ones included) for everything one merger merges.
    static let maximumWork = 500_000

    let schema: Schema
    let fragments: [String: (definition: FragmentDefinition, sourceName: String)]
    var diagnostics: [GraphQLDiagnostic] = []
    /// Fields merged so far.
    private(set) var work = 0
    /// Each fragment merged on its own type condition, by name.
    private var mergedFragments: [String: MergedSelection] = [:]
    private var reportedTooLarge = false

    init(schema: Schema, fragments: [String: (definition: FragmentDefinition, sourceName: String)]) {
        self.schema = schema
        self.fragments = fragments
    }

    mutating func merge(_ selectionSet: SelectionSet, on type: SchemaType, sourceName: String) -> MergedSelection {
        var merged = MergedSelection(type: type)
        for selection in selectionSet.selections {
            guard work <= Self.maximumWork else { break }
            let conditions = MergedCondition.conditions(in: selection.directives)
            if let directive = selection.directives.first(where: { !["include", "skip"].contains($0.name.value) }) {
                unsupported("Directive \"@\(directive.name.value)\" on a selection is not supported by the code generator yet.", directive.location, sourceName)
                continue
            }
            if case .fragmentSpread = selection, let directive = selection.directives.first {
                unsupported(
                    Self.conditionalSpread(directive.name.value),
                    directive.location, sourceName
                )
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
                        type: fieldType, selection: child, conditions: conditions
                    ),
                    work: &work
                )
            case .inlineFragment(let fragment):
                if let condition = fragment.typeCondition, condition.value != type.name {
                    unsupportedCondition(condition.value, on: type, at: fragment.location, sourceName)
                    continue
                }
                let inline = merge(fragment.selectionSet, on: type, sourceName: sourceName)
                if let directive = fragment.directives.first, !conditions.isEmpty, !inline.fragmentNames.isEmpty {
                    unsupported(Self.conditionalSpread(directive.name.value), directive.location, sourceName)
                    continue
                }
                merged.merge(inline.conditioned(by: conditions), work: &work)
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name.value] else { continue }
                guard fragment.definition.typeCondition.value == type.name else {
                    unsupportedCondition(fragment.definition.typeCondition.value, on: type, at: spread.location, sourceName)
                    continue
                }
                let fromFragment: MergedSelection
                if let known = mergedFragments[spread.name.value] {
                    fromFragment = known
                } else {
                    fromFragment = merge(fragment.definition.selectionSet, on: type, sourceName: fragment.sourceName)
                    mergedFragments[spread.name.value] = fromFragment
                }
                merged.merge(fromFragment.spread(as: spread.name.value), work: &work)
            }
        }
        if work > Self.maximumWork { tooLarge(at: selectionSet.location, sourceName) }
        return merged
    }

    /// Why a fragment spread under `@include`/`@skip` is refused: its fragment's model would
    /// have to be optional.
    private static func conditionalSpread(_ directive: String) -> String {
        "\"@\(directive)\" around a fragment spread is not supported by the code generator yet (the fragment's model would be optional); "
            + "select the fields themselves under it."
    }

    private mutating func tooLarge(at location: SourceLocation, _ sourceName: String) {
        guard !reportedTooLarge else { return }
        reportedTooLarge = true
        unsupported(
            "The selection grows to more than \(Self.maximumWork) fields once its fragments are merged; spread fewer fragments, or in fewer places.",
            location, sourceName
        )
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
