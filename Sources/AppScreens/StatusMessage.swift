/// A sentence on the message line until the next key: an error, or news of a finished action.
public struct StatusMessage: Hashable, Sendable {
    public let text: String
    /// Whether something went wrong (drawn in red when colour is on).
    public let isError: Bool

    public init(_ text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }
}
