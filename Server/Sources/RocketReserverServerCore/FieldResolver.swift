import GraphQL

/// Helpers that turn typed Swift closures into GraphQL field resolvers.
enum FieldResolver {
    /// A resolver whose parent value is a `Source`.
    static func on<Source: Sendable>(
        _: Source.Type,
        _ body: @escaping @Sendable (Source, Map, ResolverContext, GraphQLResolveInfo) async throws -> (any Sendable)?
    ) -> GraphQLFieldResolve {
        { source, args, context, info in
            guard let typed = source as? Source, let context = context as? ResolverContext else {
                throw ResolverError.make(
                    "Internal error: unexpected parent value for \(info.parentType.name).\(info.fieldName)",
                    code: .internalServerError,
                    info: info
                )
            }
            return try await body(typed, args, context, info)
        }
    }

    /// A resolver on the `Query` or `Mutation` root, which has no parent value.
    static func root(
        _ body: @escaping @Sendable (Map, ResolverContext, GraphQLResolveInfo) async throws -> (any Sendable)?
    ) -> GraphQLFieldResolve {
        { _, args, context, info in
            guard let context = context as? ResolverContext else {
                throw ResolverError.make("Internal error: missing request context", code: .internalServerError, info: info)
            }
            return try await body(args, context, info)
        }
    }

    /// A GraphQL list value from Swift values.
    static func list<Element: Sendable>(_ values: [Element]) -> [(any Sendable)?] {
        values.map { $0 }
    }

    /// Runs a store operation, turning a persistence failure into an `INTERNAL_SERVER_ERROR`.
    static func persisting<Result>(_ info: GraphQLResolveInfo, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw ResolverError.make("Could not save state: \(error)", code: .internalServerError, info: info)
        }
    }
}
