import GraphQLLanguage

/// A selection set with its fragments and inline fragments merged in: what one generated
/// struct holds. Fields keep the order they were first selected in.
///
/// What is selected under a type condition that not every object of ``type`` meets (an
/// interface's implementation, a union's member) is kept apart in ``parts``, each with the
/// object types it is for; ``SelectionMerger/finalize(_:)`` then fills ``typeCases`` (a model's
/// `asLaunch`) and ``objectCases`` (what the client selects on each object type).
package struct MergedSelection: Sendable {
    /// The schema type the selection is made on.
    package let type: SchemaType
    package var fields: [MergedField] = []
    /// Fragments spread directly in this selection set, in order; they become `fragments.x`.
    package private(set) var fragmentNames: [String] = []
    /// Fragments spread only under `@include`/`@skip`, each with the response keys of the
    /// fields it always selects: its model is there when the answer has all of them.
    package private(set) var conditionalFragments: [String: [String]] = [:]
    /// What type conditions narrower than ``type`` select, in order of first selection.
    package private(set) var parts: [TypePart] = []
    /// The typed accessors of the model: per type condition, everything its objects have.
    package var typeCases: [TypeCase] = []
    /// What the client selects on objects of some types: everything those objects have.
    package var objectCases: [ObjectCase] = []
    /// The fields of the selection, nested ones and those of ``parts`` included (kept, never counted again).
    package private(set) var totalFields = 0
    /// Where each response key is in ``fields``, so adding a field is one look-up.
    private var indexByKey: [String: Int] = [:]
    private var fragmentNameSet: Set<String> = []
    /// The response keys each fragment spread here always selects (see ``conditionalFragments``).
    private var fragmentKeys: [String: [String]] = [:]
    /// Where each part is in ``parts``, by condition and object types.
    private var partIndex: [String: Int] = [:]

    package init(type: SchemaType) { self.type = type }

    /// Adds a field, merging its selection into one already there with its response key.
    /// `work` grows by the fields this adds, nested ones included.
    /// Past ``SelectionMerger/maximumWork`` nothing more is added (the merger reports it).
    package mutating func add(_ field: MergedField, work: inout Int) {
        guard work <= SelectionMerger.maximumWork else { return }
        work += 1
        guard let index = indexByKey[field.responseKey] else {
            indexByKey[field.responseKey] = fields.count
            fields.append(field)
            let added = 1 + (field.selection?.totalFields ?? 0)
            totalFields += added
            work += added - 1
            return
        }
        // Selected under other conditions (or none) elsewhere: always fetched, always there.
        if fields[index].conditions != field.conditions { fields[index].conditions = [] }
        // Deferred in one place only, or by two fragments: in the first payload.
        if fields[index].deferral != field.deferral { fields[index].deferral = nil }
        guard let addition = field.selection else { return }
        if let before = fields[index].selection?.totalFields {
            fields[index].selection?.merge(addition, work: &work)
            totalFields += (fields[index].selection?.totalFields ?? before) - before
        } else {
            fields[index].selection = addition
            totalFields += addition.totalFields
            work += addition.totalFields
        }
    }

    /// Merges another selection on the same type: its fields, fragments and parts.
    package mutating func merge(_ other: MergedSelection, work: inout Int) {
        for field in other.fields { add(field, work: &work) }
        appendFragmentNames(other.fragmentNames, conditional: other.conditionalFragments)
        fragmentKeys.merge(other.fragmentKeys) { first, _ in first }
        for part in other.parts { addPart(part, work: &work) }
    }

    /// Adds what a type condition selects for `part.possibleTypes` (a subset of this type's
    /// possible types), merged with what the same condition selected before for those types.
    package mutating func addPart(_ part: TypePart, work: inout Int) {
        guard work <= SelectionMerger.maximumWork else { return }
        let key = part.key
        guard let index = partIndex[key] else {
            partIndex[key] = parts.count
            parts.append(part)
            totalFields += part.selection.totalFields
            work += part.selection.totalFields
            return
        }
        let before = parts[index].selection.totalFields
        parts[index].selection.merge(part.selection, work: &work)
        totalFields += parts[index].selection.totalFields - before
    }

    /// The selection without its parts: what every object of ``type`` gets.
    package var withoutParts: MergedSelection {
        var copy = self
        copy.totalFields -= parts.reduce(0) { $0 + $1.selection.totalFields }
        copy.parts = []
        copy.partIndex = [:]
        return copy
    }

    /// The selection with `conditions` added to each of its own fields, and its parts' (those
    /// of an inline fragment under `@include`/`@skip`).
    package func conditioned(by conditions: [MergedCondition]) -> MergedSelection {
        guard !conditions.isEmpty else { return self }
        var copy = self
        for index in copy.fields.indices { copy.fields[index].conditions += conditions }
        for name in copy.fragmentNames where copy.conditionalFragments[name] == nil {
            copy.conditionalFragments[name] = copy.fragmentKeys[name] ?? []
        }
        for index in copy.parts.indices { copy.parts[index].selection = copy.parts[index].selection.conditioned(by: conditions) }
        return copy
    }

    /// The selection as deferred by `@defer` on its inline fragment or spread: its own fields
    /// (those not deferred already) arrive in a later part, its fragments' models are optional,
    /// and its parts are deferred too.
    package func deferred(by deferral: MergedDeferral?) -> MergedSelection {
        guard let deferral else { return self }
        var copy = self
        for index in copy.fields.indices where copy.fields[index].deferral == nil { copy.fields[index].deferral = deferral }
        for name in copy.fragmentNames where copy.conditionalFragments[name] == nil {
            copy.conditionalFragments[name] = copy.fragmentKeys[name] ?? []
        }
        for index in copy.parts.indices { copy.parts[index].selection = copy.parts[index].selection.deferred(by: deferral) }
        return copy
    }

    /// The selection as spread by the fragment `name`: its own spreads become that one name
    /// (and its parts keep none: the fragment's model has them).
    package func spread(as name: String) -> MergedSelection {
        var copy = self
        copy.fragmentNames = [name]
        copy.fragmentNameSet = [name]
        copy.conditionalFragments = [:]
        copy.fragmentKeys = [name: fields.filter { $0.conditions.isEmpty }.map(\.responseKey)]
        for index in copy.parts.indices { copy.parts[index].selection.clearFragmentNames() }
        return copy
    }

    private mutating func clearFragmentNames() {
        fragmentNames = []
        fragmentNameSet = []
        conditionalFragments = [:]
        fragmentKeys = [:]
    }

    /// Adds fragment names not there yet, in order; a fragment spread without conditions
    /// anywhere is there unconditionally.
    package mutating func appendFragmentNames(_ names: [String], conditional: [String: [String]] = [:], keys: [String: [String]] = [:]) {
        for name in names {
            if fragmentNameSet.insert(name).inserted {
                fragmentNames.append(name)
                conditionalFragments[name] = conditional[name]
            } else if conditional[name] == nil {
                conditionalFragments[name] = nil
            }
        }
    }
}

/// One field of a merged selection.
package struct MergedField: Sendable {
    package let responseKey: String
    package let name: String
    package let alias: String?
    package let arguments: [Argument]
    /// The field's type as the schema declares it.
    package let type: TypeReference
    package var selection: MergedSelection?
    /// `@include`/`@skip` conditions, all of which must hold; empty when always selected (then
    /// the model's property follows the schema's nullability, else it is optional).
    package var conditions: [MergedCondition] = []
    /// The `@defer` of the fragment the field was selected in; `nil` when it is in the first
    /// payload (then the model's property follows the schema, else it is optional).
    package var deferral: MergedDeferral?
}

/// `@defer(label:if:)` on an inline fragment or a fragment spread.
package struct MergedDeferral: Sendable, Equatable {
    package let label: String?
    /// The `if:` value when it is a variable; a literal `false` defers nothing, `true` is the default.
    package let condition: Value?

    /// The deferral among `directives`, or `nil` (none, or `if: false`).
    package static func deferral(in directives: [Directive]) -> MergedDeferral? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
        let condition = directive.arguments.first { $0.name.value == "if" }?.value
        if case .boolean(let flag)? = condition?.kind {
            guard flag else { return nil }
        }
        var label: String?
        if case .string(let text, _)? = directive.arguments.first(where: { $0.name.value == "label" })?.value.kind { label = text }
        let variable: Value? = if case .variable? = condition?.kind { condition } else { nil }
        return MergedDeferral(label: label, condition: variable)
    }
}

/// `@include(if:)` or `@skip(if:)` on a selection.
package struct MergedCondition: Sendable, Equatable {
    package let isInclude: Bool
    package let value: Value

    /// The conditions among `directives` (`@include` and `@skip` only).
    package static func conditions(in directives: [Directive]) -> [MergedCondition] {
        directives.compactMap { directive in
            guard ["include", "skip"].contains(directive.name.value), let argument = directive.arguments.first(where: { $0.name.value == "if" })
            else { return nil }
            return MergedCondition(isInclude: directive.name.value == "include", value: argument.value)
        }
    }
}
