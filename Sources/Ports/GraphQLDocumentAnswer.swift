/// An answer: its `data` (JSON, fields in the order selected), the server's errors, and whether
/// it came from the cache.
public struct GraphQLDocumentAnswer: Sendable, Equatable {
    /// The `data` object as JSON text; `nil` when the server answered errors only.
    public var data: String?
    /// The server's errors, each its message as the server sent it with the path of the field it is
    /// about, not made safe for a terminal (whoever shows them sanitises
    /// them); empty on success.
    public var errors: [String]
    public var fromCache: Bool

    public init(data: String?, errors: [String] = [], fromCache: Bool = false) {
        self.data = data
        self.errors = errors
        self.fromCache = fromCache
    }
}
