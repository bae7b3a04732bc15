/// A live command (`watch`, `trips --watch`) in a build whose composition root supplies no
/// adapter for it.
struct LiveUpdatesUnavailable: Error, Equatable {
    /// What is missing: ``bookingActivity`` or ``tripWatcher``.
    var message: String

    /// For `watch`: no live booking activity.
    static let bookingActivity = LiveUpdatesUnavailable(
        message: "Live updates are not available in this build of \(CommandCatalog.toolName): it has no GraphQL subscription client yet."
    )

    /// For `trips --watch`: no watch on the cache.
    static let tripWatcher = LiveUpdatesUnavailable(
        message: "Watching your trips is not available in this build of \(CommandCatalog.toolName): its cache cannot be watched yet."
    )
}
