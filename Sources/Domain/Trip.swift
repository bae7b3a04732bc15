/// A trip the user has booked: a seat on one launch.
public struct Trip: Hashable, Sendable, Identifiable {
    public var launch: Launch

    public var id: LaunchID { launch.id }

    public init(launch: Launch) {
        self.launch = launch
    }
}
