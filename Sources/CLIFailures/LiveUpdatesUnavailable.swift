import CLIArguments

/// A live command (`watch`, `trips --watch`) in a build whose composition root supplies no
/// adapter for it.
package struct LiveUpdatesUnavailable: Error, Equatable {
    /// What is missing: ``bookingActivity`` or ``tripWatcher``.
    package var message: String

    /// For `watch`: no live booking activity.
    package static let bookingActivity = LiveUpdatesUnavailable(
        message: "Live updates are not available in this build of \(CommandCatalog.toolName): it has no GraphQL subscription client yet."
    )

    /// For `trips --watch`: no watch on the cache.
    package static let tripWatcher = LiveUpdatesUnavailable(
        message: "Watching your trips is not available in this build of \(CommandCatalog.toolName): its cache cannot be watched yet."
    )
}
