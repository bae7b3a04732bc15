/// The directives every schema knows (September 2025 spec, section 3.13, `@oneOf` included).
enum BuiltInDirectives {
    static let all: [SchemaDirective] = [
        SchemaDirective(
            name: "include", description: "Directs the executor to include this field or fragment only when the `if` argument is true.",
            arguments: [SchemaInputValue(name: "if", type: .nonNull(.named("Boolean")))],
            locations: [.field, .fragmentSpread, .inlineFragment], isRepeatable: false
        ),
        SchemaDirective(
            name: "skip", description: "Directs the executor to skip this field or fragment when the `if` argument is true.",
            arguments: [SchemaInputValue(name: "if", type: .nonNull(.named("Boolean")))],
            locations: [.field, .fragmentSpread, .inlineFragment], isRepeatable: false
        ),
        SchemaDirective(
            name: "deprecated", description: "Marks an element of a GraphQL schema as no longer supported.",
            arguments: [
                SchemaInputValue(
                    name: "reason", type: .named("String"),
                    defaultValue: Value(.string("No longer supported", block: false), at: SourceLocation(line: 0, column: 0))
                )
            ],
            locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue], isRepeatable: false
        ),
        SchemaDirective(
            name: "specifiedBy", description: "Exposes a URL that specifies the behaviour of this scalar.",
            arguments: [SchemaInputValue(name: "url", type: .nonNull(.named("String")))],
            locations: [.scalar], isRepeatable: false
        ),
        SchemaDirective(
            name: "oneOf", description: "Indicates exactly one field must be supplied and this field must not be `null`.",
            arguments: [], locations: [.inputObject], isRepeatable: false
        ),
    ]
}
