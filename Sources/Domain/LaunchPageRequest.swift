/// Which page of launches to ask for: its size and the cursor it follows.
public struct LaunchPageRequest: Hashable, Sendable {
    /// The largest page size a client may ask for.
    public static let maximumPageSize = 1_000

    /// Number of launches per page; `nil` lets the server choose (20 on the tutorial server).
    public let pageSize: Int?
    /// The cursor of the previous page; `nil` for the first page.
    public let after: String?

    /// The longest cursor accepted.
    public static let maximumCursorLength = 1_024

    /// Creates a request, checking the page size is within 1...``maximumPageSize`` and the
    /// cursor is 1 to ``maximumCursorLength`` printable ASCII characters without spaces.
    public init(pageSize: Int? = nil, after: String? = nil) throws(DomainError) {
        if let pageSize, !(1...Self.maximumPageSize).contains(pageSize) {
            throw .invalidPageSize(pageSize)
        }
        if let after {
            guard !after.isEmpty else { throw .invalidCursor(reason: .empty) }
            guard after.utf8.count <= Self.maximumCursorLength else { throw .invalidCursor(reason: .tooLong) }
            guard after.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw .invalidCursor(reason: .invalidCharacters)
            }
        }
        self.pageSize = pageSize
        self.after = after
    }
}
