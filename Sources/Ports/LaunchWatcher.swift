import Domain

/// Watches one launch's details as the local cache holds them.
public protocol LaunchWatcher: Sendable {
    /// The cached details now (`nil` when the cache cannot answer them), then again each time a
    /// write changes them: a fetch, a booking (its optimistic value at once, then the outcome) or
    /// another process's write to the same cache. Stopping iteration removes the watch.
    func watchLaunchDetails(id: LaunchID) -> LiveStream<LaunchDetails?>
}
