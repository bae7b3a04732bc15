import GraphQLLanguage

/// Validates executable documents against a schema with the spec's validation rules
/// (October 2021, section 5). Fragments may be defined in any of the documents.
public enum Validator {
    /// Every problem found, in source order per document; empty when the documents are valid.
    public static func validate(_ documents: [Document], against schema: Schema) -> [GraphQLDiagnostic] {
        var context = ValidationContext(schema: schema, documents: documents)
        DocumentRules.check(&context)
        SingleFieldSubscriptionsRule.check(&context)
        var walker = SelectionWalker(context: context)
        for index in context.operations.indices { walker.walk(operationAt: index) }
        for fragment in context.fragments { walker.walk(fragment) }
        context = walker.context
        VariableRules.check(&context, usages: walker.usages, spreads: walker.spreads)
        // The merge check walks the expanded selections, so only when they are not too deep.
        if ExpandedDepthRule.check(&context) { FieldMergeRule.check(&context) }
        return context.diagnostics.sorted { ($0.sourceName, $0.location) < ($1.sourceName, $1.location) }
    }

    /// Parses and validates sources (name and text); syntax errors are returned as diagnostics.
    public static func validate(sources: [(name: String, text: String)], against schema: Schema) -> [GraphQLDiagnostic] {
        var documents: [Document] = []
        var syntaxErrors: [GraphQLDiagnostic] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source.text, sourceName: source.name))
            } catch {
                syntaxErrors.append(error)
            }
        }
        return syntaxErrors.isEmpty ? validate(documents, against: schema) : syntaxErrors
    }
}
