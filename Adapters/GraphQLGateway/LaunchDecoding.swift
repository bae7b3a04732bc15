import Domain
import GraphQLClient

/// Reads the tutorial's launch-shaped JSON into domain values.
enum LaunchDecoding {
    /// Thrown when an answer lacks a field the operation selected.
    struct Malformed: Error {
        let what: String
    }

    static func launch(_ json: JSONValue) throws(Malformed) -> Launch {
        guard let id = id(json["id"]) else { throw Malformed(what: "a launch without an id") }
        let mission = json["mission"]?.objectValue.map {
            Mission(name: $0["name"]?.stringValue, missionPatch: $0["missionPatch"]?.stringValue)
        }
        return Launch(id: LaunchID(trusted: id), site: json["site"]?.stringValue, mission: mission)
    }

    /// The non-null launches of a list; `null` entries are skipped.
    static func launches(_ json: JSONValue?) throws(Malformed) -> [Launch] {
        guard let elements = json?.arrayValue else { throw Malformed(what: "a missing list of launches") }
        var launches: [Launch] = []
        launches.reserveCapacity(elements.count)
        for element in elements where !element.isNull { launches.append(try launch(element)) }
        return launches
    }

    static func details(_ json: JSONValue) throws(Malformed) -> LaunchDetails {
        let rocket = json["rocket"]?.objectValue.flatMap { rocket in
            id(rocket["id"]).map { Rocket(id: $0, name: rocket["name"]?.stringValue, type: rocket["type"]?.stringValue) }
        }
        return LaunchDetails(launch: try launch(json), rocket: rocket, isBooked: json["isBooked"]?.boolValue ?? false)
    }

    /// An `ID`, which JSON may carry as a string or a number.
    private static func id(_ json: JSONValue?) -> String? {
        switch json {
        case .string(let id)?: id
        case .int(let id)?: String(id)
        default: nil
        }
    }
}
