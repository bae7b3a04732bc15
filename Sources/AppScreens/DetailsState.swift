import Domain

/// The launch the details screen shows: its details once they arrive, and how loading went.
public struct DetailsState: Equatable, Sendable {
    public let id: LaunchID
    /// The row the screen was opened from, shown while the details load.
    public let preview: Launch?
    /// The details as the watcher last yielded them (`nil` until then, or when there is no such launch).
    public internal(set) var details: LaunchDetails?
    /// Whether a load or reload is running.
    public internal(set) var isLoading = true
    /// Why the last load failed.
    public internal(set) var failure: String?

    public init(id: LaunchID, preview: Launch?) {
        self.id = id
        self.preview = preview
    }

    /// Whether the watcher said there is no such launch.
    public var isMissing: Bool { details == nil && !isLoading && failure == nil }
}
