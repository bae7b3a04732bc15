import Domain

/// A small set of launches for tests and experiments, newest first.
public enum SampleLaunches {
    /// `count` launches with ids `count` down to `1`, each with a mission, site and rocket.
    public static func make(count: Int = 30) -> [LaunchDetails] {
        (1...max(count, 1)).reversed().map { number in
            LaunchDetails(
                launch: Launch(
                    id: LaunchID(trusted: String(number)),
                    site: number.isMultiple(of: 2) ? "Launch Complex 39A" : "Space Launch Complex 40",
                    mission: Mission(name: "Mission \(number)", missionPatch: "https://patches.example.invalid/\(number).png")
                ),
                rocket: Rocket(id: "falcon9", name: "Falcon 9", type: "FT"),
                isBooked: false
            )
        }
    }
}
