import Domain
import GraphQLClient

/// Reads the tutorial's launch-shaped JSON into domain values, strictly: a selected field with
/// a value of the wrong type is a malformed answer, not a missing value.
///
/// The same functions validate answers before they are cached (see ``GraphQLRequest/validate``),
/// so nothing reaches the cache that they would later refuse.
enum LaunchDecoding {
    /// Thrown when an answer lacks a field the operation selected, or has one of the wrong type.
    struct Malformed: Error {
        let what: String
    }

    static func launch(_ json: JSONValue) throws(Malformed) -> Launch {
        guard let id = id(json["id"]) else { throw Malformed(what: "a launch without a valid id") }
        var mission: Mission?
        switch json["mission"] {
        case .object(let object)?:
            mission = Mission(
                name: try string(object["name"], "a mission name"),
                missionPatch: try string(object["missionPatch"], "a mission patch")
            )
        case .null?, nil: mission = nil
        default: throw Malformed(what: "a mission that is not an object")
        }
        return Launch(id: LaunchID(trusted: id), site: try string(json["site"], "a launch site"), mission: mission)
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
        var rocket: Rocket?
        switch json["rocket"] {
        case .object(let object)?:
            guard let id = id(object["id"]) else { throw Malformed(what: "a rocket without a valid id") }
            rocket = Rocket(id: id, name: try string(object["name"], "a rocket name"), type: try string(object["type"], "a rocket type"))
        case .null?, nil: rocket = nil
        default: throw Malformed(what: "a rocket that is not an object")
        }
        let isBooked: Bool
        switch json["isBooked"] {
        case .bool(let value)?: isBooked = value
        case nil: isBooked = false
        default: throw Malformed(what: "an isBooked that is not true or false")
        }
        return LaunchDetails(launch: try launch(json), rocket: rocket, isBooked: isBooked)
    }

    /// Checks a `LaunchDetails` answer for `id`: `null` (no such launch) or that launch.
    static func validateDetails(_ data: [String: JSONValue], id: String) throws(Malformed) {
        guard let launch = data["launch"], !launch.isNull else { return }
        let details = try details(launch)
        guard details.launch.id.rawValue == id else { throw Malformed(what: "a launch other than the one asked for") }
    }

    /// An `ID`, which GraphQL serializes as a non-empty string.
    private static func id(_ json: JSONValue?) -> String? {
        guard case .string(let id)? = json, !id.isEmpty else { return nil }
        return id
    }

    /// A `String` field: absent or `null` is `nil`; any other type is malformed.
    private static func string(_ json: JSONValue?, _ what: String) throws(Malformed) -> String? {
        switch json {
        case .string(let text)?: return text
        case .null?, nil: return nil
        default: throw Malformed(what: "\(what) that is not a string")
        }
    }
}
