/// One page of launches, newest first, with the cursor to ask for the next page.
public struct LaunchPage: Hashable, Sendable {
    public var launches: [Launch]
    /// Opaque cursor: pass it as `after` to get the launches that follow this page.
    public var cursor: String
    /// Whether more launches follow this page.
    public var hasMore: Bool

    public init(launches: [Launch], cursor: String, hasMore: Bool) {
        self.launches = launches
        self.cursor = cursor
        self.hasMore = hasMore
    }
}
