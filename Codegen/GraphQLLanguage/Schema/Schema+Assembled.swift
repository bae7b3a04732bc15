/// Building a ``Schema`` from values rather than SDL, e.g. from an introspection answer.
extension Schema {
    /// A schema with `types` (built-in scalars and `__` types among them are ignored: every
    /// schema has its own), the built-in directives plus `directives`, and the given roots.
    ///
    /// - Throws: ``GraphQLDiagnostic`` (at `sourceName`, 1:1) when a type is defined twice or a
    ///   reference does not resolve, as for SDL.
    public static func assembled(
        types: [SchemaType], directives: [SchemaDirective], queryType: String?, mutationType: String?, subscriptionType: String?,
        sourceName: String
    ) throws(GraphQLDiagnostic) -> Schema {
        var schema = try SchemaBuilder.build(from: [])
        schema.queryType = queryType
        schema.mutationType = mutationType
        schema.subscriptionType = subscriptionType
        let start = SourceLocation(line: 1, column: 1)
        for type in types where !type.name.hasPrefix("__") && !Schema.builtInScalars.contains(type.name) {
            guard schema.types[type.name] == nil else {
                throw GraphQLDiagnostic(sourceName: sourceName, location: start, message: "There can be only one type named \"\(type.name)\".")
            }
            var defined = type
            defined.location = defined.location ?? start
            schema.types[type.name] = defined
            schema.typeNames.append(type.name)
        }
        for directive in directives where !BuiltInDirectives.all.contains(where: { $0.name == directive.name }) {
            schema.directives[directive.name] = directive
        }
        try SchemaReferenceCheck.check(schema, documents: [Document(sourceName: sourceName, definitions: [])])
        return schema
    }
}
