/// What removing caches removed.
public struct CacheClearing: Sendable, Hashable {
    /// Every endpoint and user's cache, or the current one only.
    public var all: Bool
    /// How many caches were removed (0 when there was nothing to remove).
    public var removed: Int

    public init(all: Bool, removed: Int) {
        self.all = all
        self.removed = removed
    }
}
