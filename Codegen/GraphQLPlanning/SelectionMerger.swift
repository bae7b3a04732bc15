import GraphQLLanguage

/// Merges a (validated) selection set with its fragments into a ``MergedSelection``.
///
/// `@include`/`@skip` on a field or an inline fragment make its fields conditional (optional in
/// the model, the directives kept in the document). A type condition narrower than the
/// enclosing type (an interface's implementation, a union's member) becomes a part of the
/// selection for the object types it allows (``TypePart``), decided by `__typename`.
/// `@include`/`@skip` on a fragment spread make its fields conditional and its model optional.
/// `@defer` on an inline fragment or a fragment spread defers its fields (optional in the
/// model, sent inside `... @defer`) and makes a spread fragment's model optional.
/// Reports what the generator does not support yet: other directives on selections.
///
/// Each fragment is merged once and the result reused wherever it is spread, and the fields a
/// merge adds are counted: past ``maximumWork`` the merge stops with a diagnostic, so a small
/// document whose fragments fan out (each spreading the next twice, inside different fields)
/// gets a sentence, not an exponential walk or an exponential request.
package struct SelectionMerger {
    /// The most fields merged (nested ones included) for everything one merger merges.
    package static let maximumWork = 500_000

    package let schema: Schema
    package let fragments: [String: (definition: FragmentDefinition, sourceName: String)]
    package var diagnostics: [GraphQLDiagnostic] = []
    /// The diagnostics already reported, so a refusal is reported once, in constant time.
    private var reported: Set<GraphQLDiagnostic> = []
    /// Fields merged so far.
    package private(set) var work = 0
    /// Each fragment merged on its own type condition, by name.
    private var mergedFragments: [String: MergedSelection] = [:]
    private var reportedTooLarge = false
    private var possibleTypesByName: [String: Set<String>] = [:]

    package init(schema: Schema, fragments: [String: (definition: FragmentDefinition, sourceName: String)]) {
        self.schema = schema
        self.fragments = fragments
    }

    package mutating func merge(_ selectionSet: SelectionSet, on type: SchemaType, sourceName: String) -> MergedSelection {
        var merged = MergedSelection(type: type)
        for selection in selectionSet.selections {
            guard work <= Self.maximumWork else { break }
            let conditions = MergedCondition.conditions(in: selection.directives)
            let deferral = MergedDeferral.deferral(in: selection.directives)
            let supported = if case .field = selection { ["include", "skip"] } else { ["include", "skip", "defer"] }
            if let directive = selection.directives.first(where: { !supported.contains($0.name.value) }) {
                unsupported("Directive \"@\(directive.name.value)\" on a selection is not supported by the code generator yet.", directive.location, sourceName)
                continue
            }
            switch selection {
            case .field(let field):
                guard let fieldType = schema.field(named: field.name.value, on: type)?.type else { continue }
                // Every model struct sits in the operation's own `Data`, beside its `Variables`.
                if ["Data", "Variables"].contains(fieldType.namedType), schema.types[fieldType.namedType]?.kind == .enumeration {
                    unsupported(
                        "The field \"\(field.name.value)\" has the type \(fieldType.namedType), which the operation's own \(fieldType.namedType) struct would hide in the generated Swift; leave the field out.",
                        field.location, sourceName
                    )
                    continue
                }
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
                let conditionType = fragment.typeCondition.flatMap { schema.types[$0.value] } ?? type
                guard conditionType.isComposite else { continue }
                let inline = merge(fragment.selectionSet, on: conditionType, sourceName: sourceName)
                absorb(inline.conditioned(by: conditions).deferred(by: deferral), into: &merged)
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name.value], let conditionType = schema.types[fragment.definition.typeCondition.value],
                    conditionType.isComposite
                else { continue }
                let fromFragment: MergedSelection
                if let known = mergedFragments[spread.name.value] {
                    fromFragment = known
                } else {
                    fromFragment = merge(fragment.definition.selectionSet, on: conditionType, sourceName: fragment.sourceName)
                    mergedFragments[spread.name.value] = fromFragment
                }
                absorb(fromFragment.spread(as: spread.name.value).conditioned(by: conditions).deferred(by: deferral), into: &merged)
            }
        }
        if work > Self.maximumWork { tooLarge(at: selectionSet.location, sourceName) }
        return merged
    }

    /// The object types `type` may be (kept per type: an interface's are found by a walk of the schema).
    private mutating func possibleTypes(of type: SchemaType) -> Set<String> {
        if let known = possibleTypesByName[type.name] { return known }
        let found = schema.possibleTypes(of: type)
        possibleTypesByName[type.name] = found
        return found
    }

    /// Merges `selection`, made on a type condition, into `target`: as its own fields when
    /// every object of the target's type meets the condition, else as a part for the object
    /// types that do (none: it never applies, and nothing is selected).
    private mutating func absorb(_ selection: MergedSelection, into target: inout MergedSelection) {
        let targetTypes = possibleTypes(of: target.type)
        if selection.type.name == target.type.name {
            target.merge(selection, work: &work)
            return
        }
        let conditionTypes = possibleTypes(of: selection.type)
        let applies = targetTypes.isSubset(of: conditionTypes) ? targetTypes : conditionTypes.intersection(targetTypes)
        if applies.count == targetTypes.count {
            target.merge(selection.withoutParts, work: &work)
        } else if !applies.isEmpty {
            target.addPart(TypePart(condition: selection.type.name, possibleTypes: applies, selection: selection.withoutParts), work: &work)
        }
        for part in selection.parts {
            let types = part.possibleTypes.intersection(applies)
            if types.count == targetTypes.count {
                target.merge(part.selection, work: &work)
            } else if !types.isEmpty {
                target.addPart(TypePart(condition: part.condition, possibleTypes: types, selection: part.selection), work: &work)
            }
        }
    }

    /// Fills the typed accessors and the client's object cases of `selection` and of every
    /// selection nested in it, once all merging is done.
    ///
    /// A typed accessor is for one type condition: the selection's own fields and those of
    /// every condition its objects all meet. An object case is for the object types that meet
    /// the same conditions: the selection's own fields and those of each condition they meet.
    ///
    /// Each copy of the selection's own fields counts as work like a merge, so selections that
    /// hold type conditions at every level (each level copied into each accessor) stop at
    /// ``maximumWork`` with the same sentence, reported at `location`.
    package mutating func finalize(_ selection: inout MergedSelection, reportingAt location: SourceLocation, in sourceName: String) {
        finalize(&selection)
        if work > Self.maximumWork { tooLarge(at: location, sourceName) }
    }

    private mutating func finalize(_ selection: inout MergedSelection) {
        guard work <= Self.maximumWork else { return }
        if !selection.parts.isEmpty {
            let base = selection.withoutParts
            var seenConditions: Set<String> = []
            for part in selection.parts where seenConditions.insert(part.key).inserted {
                var merged = base
                work += base.totalFields
                for other in selection.parts where part.possibleTypes.isSubset(of: other.possibleTypes) {
                    merged.merge(other.selection, work: &work)
                }
                finalize(&merged)
                selection.typeCases.append(TypeCase(condition: part.condition, possibleTypes: part.possibleTypes, selection: merged))
            }
            // Object types grouped by the parts they meet, in order of first appearance.
            var partsByType: [String: [Int]] = [:]
            var typeOrder: [String] = []
            for (index, part) in selection.parts.enumerated() {
                for name in part.possibleTypes.sorted() {
                    if partsByType[name] == nil { typeOrder.append(name) }
                    partsByType[name, default: []].append(index)
                }
            }
            var groups: [[Int]: Set<String>] = [:]
            var groupOrder: [[Int]] = []
            for name in typeOrder {
                let signature = partsByType[name] ?? []
                if groups[signature] == nil { groupOrder.append(signature) }
                groups[signature, default: []].insert(name)
            }
            for signature in groupOrder {
                var merged = base
                work += base.totalFields
                for index in signature { merged.merge(selection.parts[index].selection, work: &work) }
                finalize(&merged)
                selection.objectCases.append(ObjectCase(possibleTypes: groups[signature] ?? [], selection: merged))
            }
        }
        for index in selection.fields.indices {
            guard var child = selection.fields[index].selection, work <= Self.maximumWork else { continue }
            finalize(&child)
            selection.fields[index].selection = child
        }
    }

    private mutating func tooLarge(at location: SourceLocation, _ sourceName: String) {
        guard !reportedTooLarge else { return }
        reportedTooLarge = true
        unsupported(
            "The selection grows to more than \(Self.maximumWork) fields once its fragments are merged; spread fewer fragments, or in fewer places.",
            location, sourceName
        )
    }

    private mutating func unsupported(_ message: String, _ location: SourceLocation, _ sourceName: String) {
        let diagnostic = GraphQLDiagnostic(sourceName: sourceName, location: location, message: message)
        // A fragment's selection is merged for its own struct and for the operations that spread it.
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }
}
