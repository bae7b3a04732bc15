import Domain
import RocketReserverAPI

/// Maps the generated launch models to domain values, strictly: an ID must be a non-empty
/// string (the generated models already refuse any other type).
enum LaunchMapping {
    /// A launch as lists show it.
    static func launch(_ tile: LaunchTile) throws(MalformedAnswer) -> Launch {
        Launch(
            id: try launchID(tile.id),
            site: tile.site,
            mission: tile.mission.map { Mission(name: $0.name, missionPatch: $0.missionPatch) }
        )
    }

    /// The non-null launches of a list; `null` entries are skipped.
    static func launches(_ tiles: [LaunchTile?]) throws(MalformedAnswer) -> [Launch] {
        var launches: [Launch] = []
        launches.reserveCapacity(tiles.count)
        for case let tile? in tiles { launches.append(try launch(tile)) }
        return launches
    }

    /// A launch as the details screen shows it.
    static func details(_ fields: LaunchDetailsFields) throws(MalformedAnswer) -> LaunchDetails {
        var rocket: Rocket?
        if let model = fields.rocket {
            guard !model.id.isEmpty else { throw MalformedAnswer(what: "a rocket without a valid id") }
            rocket = Rocket(id: model.id, name: model.name, type: model.type)
        }
        let launch = Launch(
            id: try launchID(fields.id),
            site: fields.site,
            mission: fields.mission.map { Mission(name: $0.name, missionPatch: $0.missionPatch) }
        )
        return LaunchDetails(launch: launch, rocket: rocket, isBooked: fields.isBooked)
    }

    /// A launch's `ID`, which GraphQL serializes as a non-empty string.
    static func launchID(_ raw: String) throws(MalformedAnswer) -> LaunchID {
        guard !raw.isEmpty else { throw MalformedAnswer(what: "a launch without a valid id") }
        return LaunchID(trusted: raw)
    }
}
