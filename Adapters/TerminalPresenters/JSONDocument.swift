import Domain
import JSON

/// The JSON shapes the ``JSONPresenter`` writes for each result.
enum JSONDocument {
    /// `{"launches":[<launch>],"cursor","hasMore"}`.
    static func page(_ page: LaunchPage) -> JSONValue {
        .object([
            "launches": .array(page.launches.map(launch)),
            "cursor": .string(page.cursor),
            "hasMore": .bool(page.hasMore),
        ])
    }

    /// `{"id","site","mission":{"name","missionPatch"}|null}`.
    static func launch(_ launch: Launch) -> JSONValue {
        .object([
            "id": .string(launch.id.rawValue),
            "site": .string(launch.site),
            "mission": launch.mission.map(mission) ?? .null,
        ])
    }

    /// `{"id","site","mission","rocket":{"name","type"}|null,"isBooked"}`.
    static func details(_ details: LaunchDetails) -> JSONValue {
        .object([
            "id": .string(details.launch.id.rawValue),
            "site": .string(details.launch.site),
            "mission": details.launch.mission.map(mission) ?? .null,
            "rocket": details.rocket.map(rocket) ?? .null,
            "isBooked": .bool(details.isBooked),
        ])
    }

    /// `{"success","message","launch":<details>|null}`.
    static func update(_ update: TripUpdate) -> JSONValue {
        .object([
            "success": .bool(update.success),
            "message": .string(update.message),
            "launch": update.launch.map(details) ?? .null,
        ])
    }

    /// `{"email"}`.
    static func login(_ email: EmailAddress) -> JSONValue {
        .object(["email": .string(email.rawValue)])
    }

    /// `{"email":<email>,"replaced":<email>|null}`.
    static func login(_ email: EmailAddress, replacing previous: EmailAddress?) -> JSONValue {
        .object(["email": .string(email.rawValue), "replaced": .string(previous?.rawValue)])
    }

    /// `{"loggedOut":true,"email":<email>|null}`.
    static func logout(_ email: EmailAddress?) -> JSONValue {
        .object(["loggedOut": .bool(true), "email": .string(email?.rawValue)])
    }

    /// `{"email","trips":[<launch>]}`.
    static func user(_ user: User) -> JSONValue {
        .object([
            "email": .string(user.email.rawValue),
            "trips": .array(user.trips.map { launch($0.launch) }),
        ])
    }

    private static func mission(_ mission: Mission) -> JSONValue {
        .object(["name": .string(mission.name), "missionPatch": .string(mission.missionPatch)])
    }

    private static func rocket(_ rocket: Rocket) -> JSONValue {
        .object(["name": .string(rocket.name), "type": .string(rocket.type)])
    }
}
