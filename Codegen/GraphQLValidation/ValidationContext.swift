import GraphQLLanguage

/// An operation or fragment with the name of the source it came from.
struct Located<Definition: Sendable>: Sendable {
    let definition: Definition
    let sourceName: String
}

/// What the rules share: the schema, the definitions by source, and the diagnostics so far.
struct ValidationContext: Sendable {
    let schema: Schema
    let documents: [Document]
    let operations: [Located<OperationDefinition>]
    let fragments: [Located<FragmentDefinition>]
    /// The first fragment of each name.
    let fragmentsByName: [String: Located<FragmentDefinition>]
    var diagnostics: [GraphQLDiagnostic] = []

    init(schema: Schema, documents: [Document]) {
        self.schema = schema
        self.documents = documents
        operations = documents.flatMap { document in document.operations.map { Located(definition: $0, sourceName: document.sourceName) } }
        fragments = documents.flatMap { document in document.fragments.map { Located(definition: $0, sourceName: document.sourceName) } }
        var byName: [String: Located<FragmentDefinition>] = [:]
        for fragment in fragments where byName[fragment.definition.name.value] == nil {
            byName[fragment.definition.name.value] = fragment
        }
        fragmentsByName = byName
    }

    mutating func report(_ message: String, at location: SourceLocation, in sourceName: String) {
        diagnostics.append(GraphQLDiagnostic(sourceName: sourceName, location: location, message: message))
    }
}

extension OperationDefinition {
    /// How messages name the operation: `"Name"` or `anonymous operation`.
    var displayName: String { name.map { "operation \"\($0.value)\"" } ?? "anonymous operation" }
}
