/// The server's answer to booking or cancelling a trip.
public struct TripUpdate: Hashable, Sendable {
    /// The launch the trip is on.
    public var launchID: LaunchID
    /// Whether the server did what was asked.
    public var success: Bool
    /// The server's message (for example `"trips booked successfully"`).
    public var message: String?
    /// The launch as it stands after the change, when it could be read back.
    public var launch: LaunchDetails?

    public init(launchID: LaunchID, success: Bool, message: String?, launch: LaunchDetails?) {
        self.launchID = launchID
        self.success = success
        self.message = message
        self.launch = launch
    }
}
