import GraphQL

/// Resolvers of the `Mutation` root fields.
enum MutationResolvers {
    /// Field name → resolver.
    static let fields: [String: GraphQLFieldResolve] = [
        "login": FieldResolver.root { args, context, info in
            guard let email = args["email"].string, EmailAddress.isValid(email) else {
                return nil
            }
            return try FieldResolver.persisting(info) { try context.data.store.user(email: email) }
        },
        "bookTrips": FieldResolver.root { args, context, info in
            guard let user = context.user else {
                throw ResolverError.notLoggedIn("book trips", info: info)
            }
            return try bookTrips(args["launchIds"].array ?? [], user: user, data: context.data, info: info)
        },
        "cancelTrip": FieldResolver.root { args, context, info in
            guard let user = context.user else {
                throw ResolverError.notLoggedIn("cancel trips", info: info)
            }
            let launchID = args["launchId"].string ?? ""
            let cancelled = try FieldResolver.persisting(info) {
                try context.data.store.cancel(launchID: launchID, userID: user.id)
            }
            guard cancelled, let launch = context.data.catalog.launch(id: launchID) else {
                return TripUpdateResult(success: false, message: TripUpdateResult.cancelFailedMessage, launches: nil)
            }
            // The hosted server's value for a cancellation; only a cancellation that happened is published.
            context.data.tripsBooked.publish(-1)
            return TripUpdateResult(success: true, message: TripUpdateResult.cancelledMessage, launches: [launch])
        },
    ]

    /// Books the known launches among `ids`; unknown (or null) ids make the answer unsuccessful.
    private static func bookTrips(
        _ ids: [Map],
        user: UserRecord,
        data: ServerData,
        info: GraphQLResolveInfo
    ) throws -> TripUpdateResult {
        var launches: [Launch] = []
        var seen = Set<String>()
        var failed: [String] = []
        for id in ids {
            guard let text = id.string, let launch = data.catalog.launch(id: text) else {
                failed.append(id.string ?? "null")
                continue
            }
            if seen.insert(text).inserted {
                launches.append(launch)
            }
        }
        try FieldResolver.persisting(info) {
            try data.store.book(launchIDs: launches.map(\.id), userID: user.id)
        }
        // The hosted server's value: the length of the argument list (re-bookings and unknown ids included).
        data.tripsBooked.publish(ids.count)
        if failed.isEmpty {
            return TripUpdateResult(success: true, message: TripUpdateResult.bookedMessage, launches: launches)
        }
        return TripUpdateResult(success: false, message: TripUpdateResult.notBookedMessage(failed), launches: launches)
    }
}
