/// Users and their trips: everything the server keeps across requests (and, with `--state`,
/// across restarts). Encoded as `{"version": 1, "nextUserID": N, "users": [UserRecord]}`.
public struct BookingState: Codable, Sendable, Equatable {
    /// Format version of the state file.
    public var version: Int = 1
    /// The id the next new user gets.
    public var nextUserID: Int = 1
    /// All users, in creation order.
    public var users: [UserRecord] = []

    /// Creates an empty state.
    public init() {}
}
