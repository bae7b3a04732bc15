import GraphQL

/// Builds the executable schema from the SDL text and attaches this server's resolvers.
public enum ExecutableSchema {
    /// The SDL text shipped with the server (`Resources/schema.graphql`).
    public static func bundledSDL() throws -> String {
        try BundledResource.text(named: "schema", extension: "graphql")
    }

    /// Builds a schema from SDL and attaches a resolver to every field of `Query`, `Mutation`,
    /// `Subscription` and the object types (a subscription is executed once per event, with the
    /// event as its root value, by `GraphQLService.execute(_:event:)`).
    ///
    /// - Throws: `ServerSetupError.invalidSchema` when the SDL does not build, or when a field
    ///   has no resolver, or a resolver names a field the SDL lacks.
    ///   `extraQueryResolvers` serve `Query` fields the SDL adds (for tests).
    public static func make(sdl: String, extraQueryResolvers: [String: GraphQLFieldResolve] = [:]) throws -> GraphQLSchema {
        let schema: GraphQLSchema
        do {
            schema = try buildSchema(source: sdl)
        } catch {
            throw ServerSetupError.invalidSchema(reason: "\(error)")
        }
        var table = ObjectResolvers.types
        table["Query"] = QueryResolvers.fields.merging(extraQueryResolvers) { own, _ in own }
        table["Mutation"] = MutationResolvers.fields
        table["Subscription"] = SubscriptionResolvers.fields
        for (typeName, type) in schema.typeMap where !typeName.hasPrefix("__") {
            guard let object = type as? GraphQLObjectType else { continue }
            try attach(table[typeName] ?? [:], to: object)
        }
        for typeName in table.keys where !(schema.getType(name: typeName) is GraphQLObjectType) {
            throw ServerSetupError.invalidSchema(reason: "resolvers given for unknown type \(typeName)")
        }
        let errors = validateSchema(schema: schema)
        guard errors.isEmpty else {
            throw ServerSetupError.invalidSchema(reason: errors.map(\.message).joined(separator: "; "))
        }
        return schema
    }

    private static func attach(_ resolvers: [String: GraphQLFieldResolve], to type: GraphQLObjectType) throws {
        let fields: GraphQLFieldMap
        do {
            fields = try type.fields()
        } catch {
            throw ServerSetupError.invalidSchema(reason: "\(type.name): \(error)")
        }
        for (name, field) in fields {
            guard let resolver = resolvers[name] else {
                throw ServerSetupError.invalidSchema(reason: "no resolver for \(type.name).\(name)")
            }
            field.resolve = resolver
        }
        for name in resolvers.keys where fields[name] == nil {
            throw ServerSetupError.invalidSchema(reason: "resolver for unknown field \(type.name).\(name)")
        }
        // Freeze this field map (with its resolvers) as the type's fields.
        type.fields = { fields }
    }
}
