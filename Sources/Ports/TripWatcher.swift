import Domain

/// Watches the signed-in user's trips as the local cache holds them.
public protocol TripWatcher: Sendable {
    /// The cached user and trips now, then again each time a write changes what the
    /// `currentUser` answer read: a write by this process (a fetch, a mutation, a subscription)
    /// or by another process on the same cache.
    ///
    /// `nil` when the cache holds no user (nothing fetched yet, or logged out since). A write
    /// that changes nothing the answer read yields nothing. Stopping iteration removes the watch.
    func watchCurrentUser() -> LiveStream<User?>
}
