import GraphQLLanguage

/// A selection set with its fragments and inline fragments merged in: what one generated
/// struct holds. Fields keep the order they were first selected in.
struct MergedSelection: Sendable {
    /// The schema type the selection is made on.
    let type: SchemaType
    var fields: [MergedField] = []
    /// Fragments spread directly in this selection set, in order; they become `fragments.x`.
    private(set) var fragmentNames: [String] = []
    /// The fields of the selection, nested ones included (kept, never counted again).
    private(set) var totalFields = 0
    /// Where each response key is in ``fields``, so adding a field is one look-up.
    private var indexByKey: [String: Int] = [:]
    private var fragmentNameSet: Set<String> = []

    init(type: SchemaType) { self.type = type }

    /// Adds a field, merging its selection into one already there with its response key.
    /// `work` grows by the fields this adds, nested ones included.
    /// Past ``SelectionMerger/maximumWork`` nothing more is added (the merger reports it).
    mutating func add(_ field: MergedField, work: inout Int) {
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

    mutating func merge(_ other: MergedSelection, work: inout Int) {
        for field in other.fields { add(field, work: &work) }
        appendFragmentNames(other.fragmentNames)
    }

    /// The selection with `conditions` added to each of its own fields (those of an inline
    /// fragment under `@include`/`@skip`).
    func conditioned(by conditions: [MergedCondition]) -> MergedSelection {
        guard !conditions.isEmpty else { return self }
        var copy = self
        for index in copy.fields.indices { copy.fields[index].conditions += conditions }
        return copy
    }

    /// The selection as spread by the fragment `name`: its own spreads become that one name.
    func spread(as name: String) -> MergedSelection {
        var copy = self
        copy.fragmentNames = [name]
        copy.fragmentNameSet = [name]
        return copy
    }

    /// Adds fragment names not there yet, in order.
    mutating func appendFragmentNames(_ names: [String]) {
        for name in names where fragmentNameSet.insert(name).inserted { fragmentNames.append(name) }
    }
}

/// One field of a merged selection.
struct MergedField: Sendable {
    let responseKey: String
    let name: String
    let alias: String?
    let arguments: [Argument]
    /// The field's type as the schema declares it.
    let type: TypeReference
    var selection: MergedSelection?
    /// `@include`/`@skip` conditions, all of which must hold; empty when always selected (then
    /// the model's property follows the schema's nullability, else it is optional).
    var conditions: [MergedCondition] = []
}

/// `@include(if:)` or `@skip(if:)` on a selection.
struct MergedCondition: Sendable, Equatable {
    let isInclude: Bool
    let value: Value

    /// The conditions among `directives` (`@include` and `@skip` only).
    static func conditions(in directives: [Directive]) -> [MergedCondition] {
        directives.compactMap { directive in
            guard ["include", "skip"].contains(directive.name.value), let argument = directive.arguments.first(where: { $0.name.value == "if" })
            else { return nil }
            return MergedCondition(isInclude: directive.name.value == "include", value: argument.value)
        }
    }
}
