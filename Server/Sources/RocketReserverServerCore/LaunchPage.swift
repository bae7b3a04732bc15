/// One page of the `launches` query: the `LaunchConnection` type.
struct LaunchPage: Sendable {
    /// Launches on this page, newest first.
    var launches: [Launch]
    /// Opaque cursor of the last launch on this page.
    var cursor: String
    /// Whether launches remain after this page.
    var hasMore: Bool
}
