/// Everything the details screen shows about one launch, including whether the user booked it.
public struct LaunchDetails: Hashable, Sendable, Identifiable {
    /// The launch itself (its mission carries the large patch URL).
    public var launch: Launch
    /// The rocket, if known.
    public var rocket: Rocket?
    /// Whether the current user has a trip on this launch (always `false` when anonymous).
    public var isBooked: Bool

    public var id: LaunchID { launch.id }

    public init(launch: Launch, rocket: Rocket?, isBooked: Bool) {
        self.launch = launch
        self.rocket = rocket
        self.isBooked = isBooked
    }
}
