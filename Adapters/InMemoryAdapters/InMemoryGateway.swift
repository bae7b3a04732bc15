import Domain
import Ports

/// The in-memory counterpart of the GraphQL gateway: talks to an ``InMemoryTutorialServer``,
/// sends the stored token like the authorization interceptor, and keeps a per-user cache of
/// launch details like the normalized cache.
public actor InMemoryGateway: LaunchRepository, TripBookingService, TripRepository, Authenticator, UserDataCache {
    private let server: InMemoryTutorialServer
    private let credentials: any CredentialStore
    /// Cached details, partitioned by user (the email, or `nil` for anonymous).
    var cache: [EmailAddress?: [LaunchID: LaunchDetails]] = [:]

    public init(server: InMemoryTutorialServer, credentials: any CredentialStore) {
        self.server = server
        self.credentials = credentials
    }

    /// What the cache holds for launch `id` for the current user, without asking the server.
    public func cachedDetails(id: LaunchID) async -> LaunchDetails? {
        cache[await cacheUser(), default: [:]][id]
    }

    public func launchPage(_ request: LaunchPageRequest) async throws -> LaunchPage {
        try await server.launchPage(pageSize: request.pageSize, after: request.after)
    }

    public func launchDetails(id: LaunchID, freshness: Freshness) async throws -> LaunchDetails? {
        let user = await cacheUser()
        if freshness == .cachedIfAvailable, let cached = cache[user, default: [:]][id] {
            return cached
        }
        let details = try await server.launchDetails(id: id, token: token())
        cache[user, default: [:]][id] = details
        return details
    }

    public func bookTrip(_ id: LaunchID) async throws -> TripUpdate {
        try await changeTrip(id, booked: true) { server, token in try await server.book(id, token: token) }
    }

    public func cancelTrip(_ id: LaunchID) async throws -> TripUpdate {
        try await changeTrip(id, booked: false) { server, token in try await server.cancel(id, token: token) }
    }

    public func currentUser() async throws -> User? {
        try await server.me(token: token())
    }

    public func logIn(email: EmailAddress) async throws -> AuthToken? {
        try await server.logIn(email: email)
    }

    /// Forgets every user's cached details; the anonymous cache holds no user data and stays.
    public func removeAll() async throws {
        cache = cache.filter { $0.key == nil }
    }

    private func changeTrip(
        _ id: LaunchID,
        booked: Bool,
        _ send: (InMemoryTutorialServer, AuthToken?) async throws -> TripUpdate?
    ) async throws -> TripUpdate {
        let user = await cacheUser()
        let answer: TripUpdate?
        do {
            answer = try await send(server, token())
        } catch {
            cache[user, default: [:]][id] = nil  // the outcome is unknown: forget what we knew
            throw error
        }
        guard var update = answer else {
            throw ServiceError(.unauthenticated, operation: booked ? "BookTrip" : "CancelTrip",
                               detail: "The server did not accept the stored login.")
        }
        if update.success, var cached = cache[user, default: [:]][id] {
            cached.isBooked = booked
            cache[user, default: [:]][id] = cached
        }
        update.launch = cache[user, default: [:]][id]
        return update
    }

    private func token() async -> AuthToken? {
        try? await credentials.credential()?.token
    }

    func cacheUser() async -> EmailAddress? {
        try? await credentials.credential()?.email
    }
}
