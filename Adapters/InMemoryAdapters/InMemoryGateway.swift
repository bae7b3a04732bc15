import Domain
import Ports

/// The in-memory counterpart of the GraphQL gateway: talks to an ``InMemoryTutorialServer``,
/// sends the stored token like the authorization interceptor, and keeps a per-user cache of
/// launch details like the normalized cache.
public actor InMemoryGateway: LaunchRepository, TripBookingService, TripRepository, Authenticator, UserDataCache {
    private let server: InMemoryTutorialServer
    private let credentials: any CredentialStore
    /// Cached details, partitioned by user (the email, or `nil` for anonymous).
    var details: [EmailAddress?: [LaunchID: LaunchDetails]] = [:] {
        didSet { notifyLaunchWatchers(was: oldValue) }
    }
    /// Cached pages and users, partitioned by user like ``details``.
    var pages: [EmailAddress?: [LaunchPageRequest: LaunchPage]] = [:]
    var users: [EmailAddress?: User?] = [:] {
        didSet { notifyUserWatchers(was: oldValue) }
    }
    /// The live ``TripWatcher`` watches, by registration number: whose cached user each reads.
    var userWatchers: [Int: (user: EmailAddress?, emitter: LiveStream<User?>.Emitter)] = [:]
    /// The live ``LaunchWatcher`` watches, by registration number: whose cached details each reads.
    var launchWatchers: [Int: (user: EmailAddress?, id: LaunchID, emitter: LiveStream<LaunchDetails?>.Emitter)] = [:]
    var nextWatcherID = 0
    /// The ``TripWatcher`` and ``LaunchWatcher`` watches alive: tests wait on it to prove that
    /// stopping iteration frees a watch.
    public nonisolated let liveWatchers = LiveCount()

    public init(server: InMemoryTutorialServer, credentials: any CredentialStore) {
        self.server = server
        self.credentials = credentials
    }

    /// What the cache holds for launch `id` for the current user, without asking the server.
    public func cachedDetails(id: LaunchID) async -> LaunchDetails? {
        details[await cacheUser(), default: [:]][id]
    }

    public func launchPage(_ request: LaunchPageRequest, freshness: Freshness) async throws -> LaunchPage {
        let user = await cacheUser()
        return try await read(freshness, cached: pages[user, default: [:]][request], operation: "LaunchList") {
            let page = try await server.launchPage(pageSize: request.pageSize, after: request.after)
            pages[user, default: [:]][request] = page
            return page
        }
    }

    public func launchDetails(id: LaunchID, freshness: Freshness) async throws -> LaunchDetails? {
        let user = await cacheUser()
        return try await read(freshness, cached: details[user, default: [:]][id].map { Optional($0) }, operation: "LaunchDetails") {
            let fetched = try await server.launchDetails(id: id, token: token())
            details[user, default: [:]][id] = fetched
            return fetched
        }
    }

    public func bookTrip(_ id: LaunchID) async throws -> TripUpdate {
        try await changeTrip(id, booked: true) { server, token in try await server.book(id, token: token) }
    }

    public func cancelTrip(_ id: LaunchID) async throws -> TripUpdate {
        try await changeTrip(id, booked: false) { server, token in try await server.cancel(id, token: token) }
    }

    public func currentUser(freshness: Freshness) async throws -> User? {
        let user = await cacheUser()
        return try await read(freshness, cached: users[user], operation: "MyTrips") {
            let me = try await server.me(token: token())
            users[user] = .some(me)
            return me
        }
    }

    public func logIn(email: EmailAddress) async throws -> AuthToken? {
        try await server.logIn(email: email)
    }

    /// Forgets every user's cached details; the anonymous cache holds no user data and stays.
    public func removeAll() async throws(UserDataCacheError) {
        details = details.filter { $0.key == nil }
        pages = pages.filter { $0.key == nil }
        users = users.filter { $0.key == nil }
    }

    private func changeTrip(
        _ id: LaunchID,
        booked: Bool,
        _ send: (InMemoryTutorialServer, AuthToken?) async throws -> TripUpdate?
    ) async throws -> TripUpdate {
        let user = await cacheUser()
        // Optimistic, as the GraphQL gateway's booking: the cached launch shows the new state at
        // once (watches see it), and the server's answer confirms or undoes it.
        let before = details[user, default: [:]][id]
        if var optimistic = before {
            optimistic.isBooked = booked
            details[user, default: [:]][id] = optimistic
        }
        let answer: TripUpdate?
        do {
            answer = try await send(server, token())
        } catch {
            details[user, default: [:]][id] = nil  // the outcome is unknown: forget what we knew
            throw error
        }
        guard let update = answer else {
            details[user, default: [:]][id] = before
            throw ServiceError(.unauthenticated, operation: booked ? "BookTrip" : "CancelTrip",
                               detail: "The server did not accept the stored login.")
        }
        // The server's launch refreshes the cached one, as the gateway's answer does.
        if let launch = update.launch {
            details[user, default: [:]][id] = launch
        } else if !update.success {
            details[user, default: [:]][id] = before
        }
        return update
    }

    /// Reads like the normalized cache's policies: `cached` is what the cache holds, `fetch`
    /// asks the server (and stores its answer).
    private func read<Value>(
        _ freshness: Freshness,
        cached: Value?,
        operation: String,
        fetch: () async throws -> Value
    ) async throws -> Value {
        switch freshness {
        case .cachedIfAvailable:
            if let cached { return cached }
            return try await fetch()
        case .fromServer:
            return try await fetch()
        case .fromServerElseCached:
            do {
                return try await fetch()
            } catch let error as ServiceError where [.unreachable, .timedOut].contains(error.kind) {
                guard let cached else { throw error }
                return cached
            }
        case .cachedOnly:
            guard let cached else { throw ServiceError(.notCached, operation: operation, detail: "The cache does not hold the answer.") }
            return cached
        }
    }

    private func token() async -> AuthToken? {
        try? await credentials.credential()?.token
    }

    func cacheUser() async -> EmailAddress? {
        try? await credentials.credential()?.email
    }
}
