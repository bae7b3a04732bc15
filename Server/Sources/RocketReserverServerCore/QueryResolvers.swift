import GraphQL

/// Resolvers of the `Query` root fields.
enum QueryResolvers {
    /// Field name → resolver.
    static let fields: [String: GraphQLFieldResolve] = [
        "launches": FieldResolver.root { args, context, info in
            try page(args, catalog: context.data.catalog, info: info)
        },
        "launch": FieldResolver.root { args, context, _ in
            args["id"].string.flatMap { context.data.catalog.launch(id: $0) }
        },
        "me": FieldResolver.root { _, context, _ in
            context.user
        },
        "totalTripsBooked": FieldResolver.root { _, context, _ in
            context.data.store.totalTripsBooked
        },
    ]

    /// The requested page of launches, or a `BAD_USER_INPUT` error.
    private static func page(_ args: Map, catalog: LaunchCatalog, info: GraphQLResolveInfo) throws -> LaunchPage {
        let pageSize = args["pageSize"].int ?? LaunchCatalog.defaultPageSize
        do throws(LaunchCatalog.PageError) {
            return try catalog.page(after: args["after"].string, pageSize: pageSize)
        } catch .pageSizeTooSmall {
            throw ResolverError.make("pageSize must be >= 1", code: .badUserInput, info: info)
        } catch .invalidCursor {
            throw ResolverError.make("Invalid cursor: it was not produced by this server", code: .badUserInput, info: info)
        } catch .cursorPastEnd {
            throw ResolverError.make("No launches after this cursor", code: .badUserInput, info: info)
        }
    }
}
