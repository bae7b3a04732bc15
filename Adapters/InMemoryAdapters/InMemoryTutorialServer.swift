import Domain

/// An in-memory stand-in for the tutorial's GraphQL server: launches, users, tokens and trips.
///
/// It behaves like the reference server (token = the email, trips per user, newest launch
/// first) and counts the requests it answers, so tests can check what reached "the network".
public actor InMemoryTutorialServer {
    /// One stored launch with everything the details screen shows.
    private var launches: [LaunchDetails]
    private var tripsByEmail: [EmailAddress: [LaunchID]] = [:]
    private var refusedEmails: Set<EmailAddress>
    private var revokedTokens: Set<AuthToken> = []

    /// The names of the operations answered so far, in order.
    public private(set) var requests: [String] = []
    /// The failure to answer with instead of serving the next request, if any.
    private var nextFailure: (any Error)?
    /// Where bookings and cancellations are announced, as the tutorial's subscription does.
    private let activity: InMemoryBookingActivityFeed?

    /// Creates a server with these launches (newest first) that refuses these addresses, and
    /// announces every accepted booking and every cancellation on `activity` with the hosted
    /// server's values (one trip booked a request: the app books one launch at a time).
    public init(launches: [LaunchDetails], refusing refusedEmails: Set<EmailAddress> = [], activity: InMemoryBookingActivityFeed? = nil) {
        self.launches = launches.map { var l = $0; l.isBooked = false; return l }
        self.refusedEmails = refusedEmails
        self.activity = activity
    }

    /// Makes the next request fail with `error` before reaching the server's state.
    public func failNextRequest(with error: any Error) {
        nextFailure = error
    }

    /// Stops accepting `token`, as when a session expires.
    public func revoke(_ token: AuthToken) {
        revokedTokens.insert(token)
    }

    /// The page of launches after `cursor` (a launch id), newest first.
    public func launchPage(pageSize: Int?, after cursor: String?, operation: String = "LaunchList") throws -> LaunchPage {
        try record(operation)
        let size = pageSize ?? 20
        let start = cursor.flatMap { c in launches.firstIndex { $0.id.rawValue == c }.map { $0 + 1 } } ?? 0
        let slice = launches[min(start, launches.count)..<min(start + size, launches.count)]
        return LaunchPage(
            launches: slice.map(\.launch),
            cursor: slice.last?.id.rawValue ?? cursor ?? "",
            hasMore: start + size < launches.count
        )
    }

    /// The details of one launch as `token`'s user sees them.
    public func launchDetails(id: LaunchID, token: AuthToken?) throws -> LaunchDetails? {
        try record("LaunchDetails")
        guard var details = launches.first(where: { $0.id == id }) else { return nil }
        details.isBooked = user(for: token).map { tripsByEmail[$0, default: []].contains(id) } ?? false
        return details
    }

    /// Logs in: the token is the address itself, unless the address is refused.
    public func logIn(email: EmailAddress) throws -> AuthToken? {
        try record("Login")
        return refusedEmails.contains(email) ? nil : AuthToken("token-for-\(email.rawValue)")
    }

    /// Books a trip; `nil` user means the token was not accepted. Like the GraphQL gateway's
    /// answer (the mutation asks for the launch's details), a booked launch comes back in the
    /// update, booked; an unknown one does not.
    public func book(_ id: LaunchID, token: AuthToken?) throws -> TripUpdate? {
        try record("BookTrip")
        guard let email = user(for: token) else { return nil }
        // The hosted server announces the launches asked for, known or not.
        activity?.publish(.value(.booked(count: 1)))
        guard launches.contains(where: { $0.id == id }) else {
            return TripUpdate(launchID: id, success: false, message: "the following launches couldn't be booked: \(id)", launch: nil)
        }
        if !tripsByEmail[email, default: []].contains(id) { tripsByEmail[email, default: []].append(id) }
        return TripUpdate(launchID: id, success: true, message: "trips booked successfully", launch: launch(id, isBooked: true))
    }

    /// Cancels a trip; `nil` user means the token was not accepted. A cancelled launch comes back
    /// in the update, not booked; a trip that was not booked is a failure without a launch (as the
    /// servers answer it).
    public func cancel(_ id: LaunchID, token: AuthToken?) throws -> TripUpdate? {
        try record("CancelTrip")
        guard let email = user(for: token) else { return nil }
        guard let index = tripsByEmail[email, default: []].firstIndex(of: id) else {
            return TripUpdate(launchID: id, success: false, message: "failed to cancel trip", launch: nil)
        }
        tripsByEmail[email]?.remove(at: index)
        activity?.publish(.value(.cancelled(count: 1)))
        return TripUpdate(launchID: id, success: true, message: "trip cancelled", launch: launch(id, isBooked: false))
    }

    /// Launch `id`'s details with `isBooked` as the change left it.
    private func launch(_ id: LaunchID, isBooked: Bool) -> LaunchDetails? {
        guard var details = launches.first(where: { $0.id == id }) else { return nil }
        details.isBooked = isBooked
        return details
    }

    /// The user `token` identifies, with their trips.
    public func me(token: AuthToken?) throws -> User? {
        try record("MyTrips")
        guard let email = user(for: token) else { return nil }
        let trips = tripsByEmail[email, default: []].compactMap { id in
            launches.first { $0.id == id }.map { Trip(launch: $0.launch) }
        }
        return User(email: email, trips: trips)
    }

    /// Whether `email` has a trip on `id`, read straight from the server's state.
    public func isBooked(_ id: LaunchID, by email: EmailAddress) -> Bool {
        tripsByEmail[email, default: []].contains(id)
    }

    private func record(_ operation: String) throws {
        requests.append(operation)
        if let failure = nextFailure {
            nextFailure = nil
            throw failure
        }
    }

    private func user(for token: AuthToken?) -> EmailAddress? {
        guard let token, !revokedTokens.contains(token) else { return nil }
        let prefix = "token-for-"
        guard token.rawValue.hasPrefix(prefix) else { return nil }
        return try? EmailAddress(String(token.rawValue.dropFirst(prefix.count)))
    }
}
