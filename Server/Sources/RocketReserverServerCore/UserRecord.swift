/// A user known to the server.
public struct UserRecord: Codable, Sendable, Equatable {
    /// Stable numeric id, assigned in creation order starting at 1.
    public var id: Int
    /// Login email.
    public var email: String
    /// Booked launch ids, in booking order.
    public var trips: [String]

    /// Creates a user record.
    public init(id: Int, email: String, trips: [String] = []) {
        self.id = id
        self.email = email
        self.trips = trips
    }

    /// The user's token (base64 of the email).
    var token: String { AuthToken.token(forEmail: email) }
}
