/// `watch` in a build whose composition root supplies no live booking activity.
struct LiveUpdatesUnavailable: Error, Equatable {
    /// What the user reads (exit 69).
    static let message = "Live updates are not available in this build of rocket-reserver: it has no GraphQL subscription client yet."
}
