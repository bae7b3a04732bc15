import Domain

/// Sample results, including missing values, non-ASCII text and characters JSON must escape.
enum PresenterFixtures {
    static let starlink = Launch(
        id: LaunchID(trusted: "109"),
        site: "CCAFS SLC 40",
        mission: Mission(name: "Starlink-3", missionPatch: "https://images.rocketreserver.invalid/9a/96/nLppz9HW_o.png")
    )
    static let accented = Launch(
        id: LaunchID(trusted: "25"),
        site: "Kwajalein Atoll",
        mission: Mission(name: "Éclair ünïcødé ñ", missionPatch: nil)
    )
    static let unknown = Launch(id: LaunchID(trusted: "1"), site: nil, mission: nil)
    static let quoted = Launch(
        id: LaunchID(trusted: "7"),
        site: #"Vandenberg "SLC-4E" \ west"#,
        mission: Mission(name: "Crew 🚀 \"One\"\ttab", missionPatch: "https://images.rocketreserver.invalid/a/b.png?x=1&y=\"2\"")
    )

    static let launches = [starlink, accented, unknown, quoted]

    static let falcon9 = Rocket(id: "falcon9", name: "Falcon 9", type: "FT")

    static let details = LaunchDetails(launch: starlink, rocket: falcon9, isBooked: true)
    static let bareDetails = LaunchDetails(launch: unknown, rocket: nil, isBooked: false)

    static let email = try! EmailAddress("me@example.com")
}
