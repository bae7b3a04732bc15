/// One launch of the reference dataset, with its mission and rocket.
///
/// The JSON shape is the one written by `Scripts/make-dataset.py`:
/// `{"id", "date", "site", "mission": {"name", "missionPatchSmall", "missionPatchLarge"},
/// "rocket": {"id", "name", "type"}}`.
public struct Launch: Codable, Sendable, Equatable {
    /// The mission flown by a launch.
    public struct Mission: Codable, Sendable, Equatable {
        /// Mission name.
        public var name: String?
        /// URL of the small mission patch image.
        public var missionPatchSmall: String?
        /// URL of the large mission patch image.
        public var missionPatchLarge: String?

        /// Creates a mission.
        public init(name: String?, missionPatchSmall: String?, missionPatchLarge: String?) {
            self.name = name
            self.missionPatchSmall = missionPatchSmall
            self.missionPatchLarge = missionPatchLarge
        }
    }

    /// The rocket used by a launch.
    public struct Rocket: Codable, Sendable, Equatable {
        /// Rocket identifier, e.g. `falcon9`.
        public var id: String
        /// Rocket name, e.g. `Falcon 9`.
        public var name: String?
        /// Rocket type, e.g. `FT`.
        public var type: String?

        /// Creates a rocket.
        public init(id: String, name: String?, type: String?) {
            self.id = id
            self.name = name
            self.type = type
        }
    }

    /// Launch identifier (`"1"`, `"2"`, …).
    public var id: String
    /// Launch date as an ISO-8601 string (UTC), used for ordering and cursors.
    public var date: String
    /// Launch site name.
    public var site: String?
    /// The mission flown.
    public var mission: Mission?
    /// The rocket used.
    public var rocket: Rocket?

    /// Creates a launch.
    public init(id: String, date: String, site: String?, mission: Mission?, rocket: Rocket?) {
        self.id = id
        self.date = date
        self.site = site
        self.mission = mission
        self.rocket = rocket
    }
}
