import Domain
import Ports

/// The signed-in user's trips, kept current until the caller stops watching.
///
/// Yields the user and trips from the server first, then again whenever they change: when the
/// cache's watch reports a change (a write by this process or another on the same cache), and
/// after each booking activity event or reconnection of the live feed, which makes it fetch
/// again (the feed is the whole server's, so the user's own trips may not have changed: only a
/// listing that differs from the last one is yielded).
public struct WatchMyTrips: Sendable {
    private let trips: any TripRepository
    private let watcher: any TripWatcher
    private let activity: (any BookingActivityFeed)?
    private let signedIn: SignedInGuard

    /// Watches through `watcher`, fetches through `trips`, and fetches again on `activity`'s
    /// events (`nil`: the cache's watch alone keeps the listing current).
    public init(trips: any TripRepository, watcher: any TripWatcher, activity: (any BookingActivityFeed)?, credentials: any CredentialStore) {
        self.trips = trips
        self.watcher = watcher
        self.activity = activity
        self.signedIn = SignedInGuard(credentials: credentials)
    }

    /// The listings, each different from the one before; runs until the consumer stops.
    ///
    /// Throws ``UseCaseError/notLoggedIn`` without a stored login (nothing is sent),
    /// ``UseCaseError/sessionExpired`` when the server no longer recognises it (the login is
    /// forgotten), and the ``ServiceError`` of a fetch or of the live feed.
    public func callAsFunction() -> LiveStream<User> {
        let trips = trips, watcher = watcher, activity = activity, signedIn = signedIn
        return LiveStream(bufferLimit: 1) { emitter in
            try await signedIn.run {
                let latest = LatestListing(emitter: emitter)
                // The server's answer first; the watch then starts from what the fetch cached.
                await latest.offer(try await Self.fetch(trips))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await cached in watcher.watchCurrentUser() {
                            if let cached { await latest.offer(cached) }
                        }
                    }
                    if let activity {
                        group.addTask {
                            for try await update in activity.bookingActivity() {
                                switch update {
                                case .value, .resumed: await latest.offer(try await Self.fetch(trips))
                                case .interrupted: break
                                }
                            }
                        }
                    }
                    // The first failure ends the watch (`waitForAll` would wait for the others first).
                    while try await group.next() != nil {}
                }
            }
        }
    }

    private static func fetch(_ trips: any TripRepository) async throws -> User {
        guard let user = try await trips.currentUser(freshness: .fromServer) else {
            throw UseCaseError.sessionExpired
        }
        return user
    }
}
