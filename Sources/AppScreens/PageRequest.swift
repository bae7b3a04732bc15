/// The one page request in flight: the cursor it follows.
public struct PageRequest: Hashable, Sendable {
    /// The cursor the requested page follows (`nil`: the first page).
    public let after: String?

    public init(after: String?) {
        self.after = after
    }
}
