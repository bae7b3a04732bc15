import GraphQLLanguage

/// A selection set with its fragments and inline fragments merged in: what one generated
/// struct holds. Fields keep the order they were first selected in.
struct MergedSelection: Sendable {
    /// The schema type the selection is made on.
    let type: SchemaType
    var fields: [MergedField] = []
    /// Fragments spread directly in this selection set, in order; they become `fragments.x`.
    var fragmentNames: [String] = []

    mutating func add(_ field: MergedField) {
        guard let index = fields.firstIndex(where: { $0.responseKey == field.responseKey }) else {
            fields.append(field)
            return
        }
        if let addition = field.selection {
            if fields[index].selection == nil { fields[index].selection = addition } else { fields[index].selection?.merge(addition) }
        }
    }

    mutating func merge(_ other: MergedSelection) {
        for field in other.fields { add(field) }
        for name in other.fragmentNames where !fragmentNames.contains(name) { fragmentNames.append(name) }
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
}
