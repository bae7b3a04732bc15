/// A signed-in user of the tutorial server, identified by email.
public struct User: Hashable, Sendable {
    public var email: EmailAddress
    /// The user's trips, in the server's order.
    public var trips: [Trip]

    public init(email: EmailAddress, trips: [Trip] = []) {
        self.email = email
        self.trips = trips
    }
}
