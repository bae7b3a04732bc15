import GraphQL

/// Resolvers of the schema's object types other than the roots.
enum ObjectResolvers {
    /// Type name → field name → resolver.
    static let types: [String: [String: GraphQLFieldResolve]] = [
        "LaunchConnection": [
            "cursor": FieldResolver.on(LaunchPage.self) { page, _, _, _ in page.cursor },
            "hasMore": FieldResolver.on(LaunchPage.self) { page, _, _, _ in page.hasMore },
            "launches": FieldResolver.on(LaunchPage.self) { page, _, _, _ in FieldResolver.list(page.launches) },
        ],
        "Launch": [
            "id": FieldResolver.on(Launch.self) { launch, _, _, _ in launch.id },
            "site": FieldResolver.on(Launch.self) { launch, _, _, _ in launch.site },
            "mission": FieldResolver.on(Launch.self) { launch, _, _, _ in launch.mission },
            "rocket": FieldResolver.on(Launch.self) { launch, _, _, _ in launch.rocket },
            "isBooked": FieldResolver.on(Launch.self) { launch, _, context, _ in
                guard let user = context.user else { return false }
                return context.data.store.isBooked(launchID: launch.id, userID: user.id)
            },
        ],
        "Mission": [
            "name": FieldResolver.on(Launch.Mission.self) { mission, _, _, _ in mission.name },
            "missionPatch": FieldResolver.on(Launch.Mission.self) { mission, args, _, _ in
                args["size"].string == "SMALL" ? mission.missionPatchSmall : mission.missionPatchLarge
            },
        ],
        "Rocket": [
            "id": FieldResolver.on(Launch.Rocket.self) { rocket, _, _, _ in rocket.id },
            "name": FieldResolver.on(Launch.Rocket.self) { rocket, _, _, _ in rocket.name },
            "type": FieldResolver.on(Launch.Rocket.self) { rocket, _, _, _ in rocket.type },
        ],
        "User": [
            "id": FieldResolver.on(UserRecord.self) { user, _, _, _ in String(user.id) },
            "email": FieldResolver.on(UserRecord.self) { user, _, _, _ in user.email },
            "profileImage": FieldResolver.on(UserRecord.self) { _, _, _, _ in nil },
            "token": FieldResolver.on(UserRecord.self) { user, _, _, _ in user.token },
            "trips": FieldResolver.on(UserRecord.self) { user, _, context, _ in
                let ids = context.data.store.trips(userID: user.id)
                return FieldResolver.list(ids.compactMap { context.data.catalog.launch(id: $0) })
            },
        ],
        "TripUpdateResponse": [
            "success": FieldResolver.on(TripUpdateResult.self) { result, _, _, _ in result.success },
            "message": FieldResolver.on(TripUpdateResult.self) { result, _, _, _ in result.message },
            "launches": FieldResolver.on(TripUpdateResult.self) { result, _, _, _ in
                result.launches.map { FieldResolver.list($0) }
            },
        ],
    ]
}
