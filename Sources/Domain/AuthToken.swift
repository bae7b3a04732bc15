/// The credential the server issues on login, sent back with each request.
///
/// Its `description` is redacted so that it cannot reach output or logs by accident;
/// only adapters that must send or store it read ``rawValue``.
public struct AuthToken: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The token exactly as the server issued it.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { "<redacted token>" }
    public var debugDescription: String { description }
}
